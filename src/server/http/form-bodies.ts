import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';

/**
 * Lets the routes of `app`'s scope read urlencoded bodies (the HTML forms of
 * the sandbox pages) as objects, through @fastify/formbody, up to
 * `bodyLimit` bytes. The /_gw API accepts JSON only: each page plugin is its
 * own scope, so the parser stays there. A second call in one scope keeps the
 * first limit.
 */
export async function acceptForms(app: FastifyInstance, bodyLimit: number): Promise<void> {
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  await app.register(formbody, { bodyLimit });
}
