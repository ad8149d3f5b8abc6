import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { OutputAsset, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { closure } from './vite-document-preloads.ts';

/** Where the document's request waits for the web app (read once by `sendManifestByRoute`, src/web/api/early-queries.ts). */
export const DETAIL_START_GLOBAL = '__eduDetailStart';

export interface DetailRouteStartOptions {
  /** The app's route table paths (`APP_ROUTES`): a path among them (compared as the router does, ignoring case) is no detail route. */
  readonly tablePaths: readonly string[];
  /** Source modules a detail route opens (the catch-all route, the detail screen): their files beyond the entry's are preloaded. */
  readonly modules: readonly string[];
  /** The gateway address of the call that resolves a detail route and answers its manifest, `path` appended as its query. */
  readonly call: string;
  /** A detail route's shape (the manifests' `routes` pattern); any other path is not one. */
  readonly shape: RegExp;
  /** Where the answer's `data` names the image the page paints largest (the manifest's banner): preloaded as soon as it arrives. */
  readonly imageAt: readonly string[];
}

/**
 * A detail page opened by its link starts from the document (issue 15, docs/performance.md "wt-detail").
 * Detail routes are the manifests' own paths, outside the route table, so `documentPreloads` (keyed by
 * table path) cannot name them. The build emits a small classic script, `assets/detail-start-<hash>.js`,
 * loaded `async` with high priority from index.html: when the hash path has a detail route's shape and is
 * no table route, it sends the call that resolves the path and brings its product's manifest (stored on
 * `window[DETAIL_START_GLOBAL]` for the app, which takes it instead of sending its own) and adds a
 * `<link rel=modulepreload>` (CSS: `rel=preload as=style`) for each file the catch-all route and the detail
 * screen open, so data and files leave beside the entry and vendor chunks instead of after them; when the
 * call answers, the banner image it names is preloaded, without waiting for the app's code. A path
 * that is no product costs the call's 4004 and the unused preloads (the app shows the not-found screen as
 * before). Any other path: the script does nothing.
 */
export function detailRouteStart(options: DetailRouteStartOptions): Plugin {
  let root = process.cwd();
  let script: string | null = null;
  return {
    name: 'detail-route-start',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('.html'));
        if (!entry) return;
        const inEntry = closure(bundle, entry);
        const files = new Set<string>();
        for (const module of options.modules) {
          const id = resolve(root, module);
          const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
          if (!chunk) throw new Error(`detailRouteStart: no chunk for ${module}`);
          for (const file of closure(bundle, chunk)) if (!inEntry.has(file) && !isPureCss(bundle[file])) files.add(file);
        }
        const source = detailStartSource({ ...options, files: [...files] });
        script = `assets/detail-start-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
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

/**
 * A chunk of CSS modules only: Vite drops its JS file later in this same hook (its CSS file stays, named
 * by the chunks that import it), so it is not preloaded (it would be a 404).
 */
function isPureCss(output: OutputChunk | OutputAsset | undefined): boolean {
  if (output?.type !== 'chunk') return false;
  const ids = output.moduleIds;
  return ids.length > 0 && ids.every((id) => /\.css($|\?)/.test(id));
}

/**
 * The start script's source: on a hash path of the detail route shape that is no table path (ignoring
 * case, as the router matches), the call, the preloads and, once the call answers, a high-priority
 * preload of the image at `imageAt` in its data (read from a copy of the answer: the app reads the
 * answer itself); on any other path, nothing.
 */
export function detailStartSource(options: {
  tablePaths: readonly string[];
  shape: RegExp;
  call: string;
  files: readonly string[];
  imageAt: readonly string[];
}): string {
  const table = [...new Set(options.tablePaths.filter((path) => options.shape.test(path)).map((path) => path.toLowerCase()))];
  // rel, href, as, and the CORS mode (module scripts' own): set before the link is in the document, which starts its request.
  const link = `const a=(r,h,s,c)=>{const l=document.createElement('link');l.rel=r;if(s)l.as=s;if(c)l.crossOrigin='';else l.fetchPriority='high';l.href=h;document.head.append(l)};`;
  return (
    `(()=>{const p=location.hash.slice(1).split('?')[0];` +
    `if(!${options.shape.toString()}.test(p)||${JSON.stringify(table)}.includes(p.toLowerCase()))return;${link}` +
    `const r=fetch(${JSON.stringify(`${options.call}?path=`)}+encodeURIComponent(p),{credentials:'include'});` +
    `window.${DETAIL_START_GLOBAL}={path:p,response:r};` +
    `r.then(x=>x.clone().json()).then(b=>{const i=${JSON.stringify(options.imageAt)}.reduce((o,k)=>o&&o[k],b&&b.data);` +
    `if(typeof i==='string'&&i.startsWith('/'))a('preload',i,'image')}).catch(()=>{});` +
    `for(const h of ${JSON.stringify(options.files)}){` +
    `if(h.endsWith('.css'))a('preload','/'+h,'style',1);else a('modulepreload','/'+h,0,1)}})();\n`
  );
}
