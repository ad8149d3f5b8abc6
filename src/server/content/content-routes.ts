import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { contentCalls, type ContentPage } from '../../contract/content.ts';
import type { AppDeps } from '../app-deps.ts';
import { notFound, ok } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { PROJECT_ROOT } from '../lib/project-root.ts';
import { parseContentDoc } from './content-doc.ts';

/** Where the documents live: `content/pages/` of the repository. */
export const CONTENT_DIR = join(PROJECT_ROOT, 'content', 'pages');

/** Every document of a folder by slug (file name without .md), parsed; a bad document stops the start. */
export function loadContentPages(dir: string = CONTENT_DIR): Map<string, ContentPage> {
  const pages = new Map<string, ContentPage>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.md')).sort()) {
    const slug = file.slice(0, -3);
    pages.set(slug, parseContentDoc(`content/pages/${file}`, slug, readFileSync(`${dir}/${file}`, 'utf8')));
  }
  return pages;
}

/** GET content/_bai/page/:slug: one information or agreement page; pages marked `login: true` need a log-in. */
export function registerContentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const pages = loadContentPages();
  routesOf(app, deps)(contentCalls.page, async (request) => {
    const page = pages.get(request.params.slug);
    if (!page) throw notFound('页面');
    if (page.requiresLogin) await deps.requireUser(request);
    return ok(page);
  });
}
