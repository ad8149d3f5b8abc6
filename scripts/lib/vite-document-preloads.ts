import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * Starts a route's chunks from the document (issue 15, docs/performance.md, "wt-lcphome"). The app's
 * routes live in the URL's hash, which the server never sees, so index.html cannot name a route's
 * files; and the entry asks for them only once it has run, after the vendor chunk has arrived and
 * been evaluated. The build emits a small classic script, `assets/document-start-<hash>.js`, loaded
 * `async` with high priority from index.html: it reads `location.hash` and adds a
 * `<link rel=modulepreload>` (CSS: `rel=preload as=style`) for each file the configured modules of
 * the current route need beyond the entry's own closure, so they download beside the entry and
 * vendor chunks. The entry's dynamic imports then find them loaded (Vite's preload helper skips a
 * file already linked). Generic: `routes` maps a route path (no query) to source modules, e.g. a
 * screen and what its route starts before it renders.
 */
export function documentPreloads(routes: Record<string, readonly string[]>): Plugin {
  let root = process.cwd();
  let script: string | null = null;
  return {
    name: 'document-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      // Before Vite's HTML plugin writes index.html (transformIndexHtml below reads `script`).
      order: 'pre',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('.html'));
        if (!entry) return;
        const inEntry = closure(bundle, entry);
        const map: Record<string, string[]> = {};
        for (const [route, modules] of Object.entries(routes)) {
          const files = new Set<string>();
          for (const module of modules) {
            const id = resolve(root, module);
            const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
            if (!chunk) throw new Error(`documentPreloads: no chunk for ${module}`);
            for (const file of closure(bundle, chunk)) if (!inEntry.has(file)) files.add(file);
          }
          map[route] = [...files];
        }
        const source =
          `(()=>{const m=${JSON.stringify(map)};const f=m[location.hash.slice(1).split('?')[0]||'/'];if(f)for(const h of f){` +
          `const l=document.createElement('link');if(h.endsWith('.css')){l.rel='preload';l.as='style'}else l.rel='modulepreload';` +
          `l.crossOrigin='';l.href='/'+h;document.head.append(l)}})();\n`;
        script = `assets/document-start-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName: script, source });
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!script) return html;
        return html.replace('<script type="module"', `<script async fetchpriority="high" src="/${script}"></script>\n    <script type="module"`);
      },
    },
  };
}

/** A chunk's file, its static imports' files (transitively) and the CSS each of them imports. */
export function closure(bundle: OutputBundle, start: OutputChunk): Set<string> {
  const files = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    const css = (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss;
    css?.forEach((file) => files.add(file));
    for (const imported of chunk.imports) {
      const next = bundle[imported];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  return files;
}
