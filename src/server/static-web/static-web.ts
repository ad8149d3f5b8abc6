import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { inlineScriptHashes } from '../http/hardening.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * The site icon: the browser asks for it again on every same-document navigation (each hash route change,
 * home's redirect to a market's home among them) and for each `<img>` of it; under `no-cache` each time
 * is a revalidation round trip that competes with the screen's own files (docs/performance.md,
 * "What the simulated load charges"). A day: a new icon shows within a day of a deploy.
 */
const ICON = 'public, max-age=86400';
const ICON_FILE = `${sep}favicon.svg`;

/**
 * Serves the built web app at `/` when `distDir` exists. Files under
 * /assets carry a content hash in their names, so browsers may keep them
 * forever; everything else (index.html above all) is revalidated, so a
 * deploy is picked up on the next visit. The precompressed variants carry
 * the same headers (setHeaders sees `index.html.br`, still outside /assets).
 * @returns whether the web app is served
 */
export async function registerStaticWeb(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(distDir)) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    // `/` is served by the route below: with preCompressed, @fastify/static 10.1.11 answers 404 to
    // `GET /` from any browser that sends accept-encoding (its index lookup breaks), while
    // sendFile('index.html') negotiates correctly (tests/server/production-http.test.ts).
    index: false,
    cacheControl: false,
    // The build writes .br and .gz next to each text file (vite.config.ts): sent as they are, with
    // `vary: accept-encoding`; @fastify/compress leaves a response that already has an encoding alone.
    preCompressed: true,
    // dist/.vite (the build manifest and stamp) is for the build scripts, not for browsers.
    dotfiles: 'ignore',
    setHeaders(reply, path) {
      const hashed = path.includes(`${sep}assets${sep}`);
      const icon = path.endsWith(ICON_FILE) || path.endsWith(`${ICON_FILE}.br`) || path.endsWith(`${ICON_FILE}.gz`);
      reply.header('cache-control', hashed ? IMMUTABLE : icon ? ICON : 'no-cache');
    },
  });
  app.get('/', (_request, reply) => reply.sendFile('index.html'));
  return true;
}

/**
 * The CSP hash sources of the inline scripts of the index.html in `distDir` (none when there is no
 * build): the page's policy allows those exact scripts and no other inline script. Read once at start,
 * from the file that is served.
 */
export function documentInlineScripts(distDir: string): string[] {
  const file = join(distDir, 'index.html');
  return existsSync(file) ? inlineScriptHashes(readFileSync(file, 'utf8')) : [];
}
