import type { FastifyRequest } from 'fastify';

/**
 * Pre-validation hook of POST routes whose every body field is optional: the
 * legacy client posts some of them with no body at all, which is read as `{}`.
 * A body that is present is still validated as sent.
 */
export async function emptyBodyAsObject(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}
