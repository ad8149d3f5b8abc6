import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app at `/` when `distDir` exists. Files under
 * /assets carry a content hash in their names, so browsers may keep them
 * forever; everything else (index.html above all) is revalidated, so a
 * deploy is picked up on the next visit.
 * @returns whether the web app is served
 */
export async function registerStaticWeb(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(distDir)) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: 'index.html',
    cacheControl: false,
    setHeaders(reply, path) {
      const hashed = path.includes(`${sep}assets${sep}`);
      reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
    },
  });
  return true;
}
