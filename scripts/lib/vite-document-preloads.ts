import { resolve } from 'node:path';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import { minifySync, type Plugin } from 'vite';
import { GW, fillPath, type CallInput, type CallSpec } from '../../src/contract/define-call.ts';

/** A `/_gw` request as the client sends it (client.ts): method, URL with its query, JSON body. */
export interface StartedCall {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly body: string | null;
}

/**
 * The request the client sends for a call declared in the contract with this input (client.ts: `call`,
 * `buildUrl`; redaxios serialises an object body as JSON): what the document starts for a route.
 */
export function startedCall<S extends CallSpec>(def: S, input: CallInput<S>): StartedCall {
  const { params, query, body } = input as { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.set(key, String(value));
  const qs = search.toString();
  const url = GW + (params ? fillPath(def.path, params) : def.path) + (qs ? `?${qs}` : '');
  return { method: def.method, url, body: body !== null && typeof body === 'object' ? JSON.stringify(body) : null };
}

/** What the document starts for one route: the chunks of some source modules, and some calls. */
export interface RouteStart {
  /** Source modules whose chunks (beyond the entry's closure) the document preloads. */
  readonly modules?: readonly string[];
  /** Calls the document sends (startedCall); the client takes their answers (src/web/shared/api/document-start.ts). */
  readonly calls?: readonly StartedCall[];
}

/** How the document sends the calls as the client would (client.ts `send`). */
export interface CallStart {
  /** The window property the requests are left under (`DOCUMENT_START_KEY`). */
  readonly key: string;
  /** Headers of every call (the system code). */
  readonly headers: Readonly<Record<string, string>>;
  /**
   * The stored session (local storage, JSON with token, userId, refreshToken, expiresAt): with a token, the
   * `authorization` and `userId` headers; with a token the client would refresh first, nothing is started.
   */
  readonly session: { readonly storageKey: string; readonly refreshThresholdMs: number };
  /**
   * The window property a route with a `paint` leaves a promise under: settled once the painted view has been
   * presented (what the paint function returns), or at once when nothing was painted or the call failed.
   */
  readonly paintKey: string;
}

/**
 * Paths outside the route table whose shape names a route the app resolves at run time (a product detail
 * route, `DETAIL_ROUTE_SHAPE`): the document preloads `modules`' files and sends `call` with the path as
 * its query parameter `pathQuery`; once the answer arrives, the image its `data` names at `imageAt` (the
 * page's largest paint) is preloaded with high priority, without waiting for the app's code.
 */
export interface PatternStart {
  readonly shape: RegExp;
  /** The route table's paths: a path among them (compared ignoring case, as the router matches) is none of these. */
  readonly table: readonly string[];
  readonly modules: readonly string[];
  /** A call with no path parameter: the path is its only query parameter `pathQuery`, as the client builds it. */
  readonly call: Pick<CallSpec, 'method' | 'path'>;
  readonly pathQuery: string;
  readonly imageAt?: readonly string[];
  /**
   * Paints the page's first view from the answer's `data` before the app's scripts have run
   * (src/web/app/early-detail-paint.ts): a self-contained function, serialised into the script with
   * `Function.prototype.toString` and called with the answer's data and `extra` (JSON). What it returns
   * (a promise settled once the view has been presented) is left under `window[start.paintKey]`.
   */
  readonly paint?: { readonly run: (data: unknown, extra: never) => unknown; readonly extra: unknown };
}

/** A pattern start as the script reads it: its files computed at build time. */
export type BuiltPatternStart = Omit<PatternStart, 'modules' | 'call'> & { readonly files: readonly string[]; readonly call: StartedCall };

/**
 * The document-start script: sends the route's calls (unless the client has already closed the store: the
 * script ran after the entry's first call), then preloads the route's files. A path with no fixed start is
 * tried against the pattern starts, in order.
 */
export function documentStartSource(
  files: Readonly<Record<string, readonly string[]>>,
  calls: Readonly<Record<string, readonly StartedCall[]>>,
  start: CallStart | null,
  patterns: readonly BuiltPatternStart[] = [],
): string {
  const link = `const a=(r,h,s,c)=>{const l=document.createElement('link');l.rel=r;if(s)l.as=s;if(c)l.crossOrigin='';else l.fetchPriority='high';l.href=h;document.head.append(l)};`;
  const matchPatterns = patterns
    .map((pattern) => {
      const table = [...new Set(pattern.table.filter((path) => pattern.shape.test(path)).map((path) => path.toLowerCase()))];
      const call = { method: pattern.call.method, url: pattern.call.url, body: null };
      return (
        `if(!f&&!c&&${pattern.shape.toString()}.test(r)&&!${JSON.stringify(table)}.includes(r.toLowerCase())){f=${JSON.stringify(pattern.files)};` +
        `c=[Object.assign(${JSON.stringify(call)},{url:${JSON.stringify(pattern.call.url + '?')}+new URLSearchParams({${JSON.stringify(pattern.pathQuery)}:r})})];` +
        `i=${JSON.stringify(pattern.imageAt ?? null)};` +
        (pattern.paint ? `w=d=>(${pattern.paint.run.toString()})(d,${JSON.stringify(pattern.paint.extra)});` : '') +
        `}`
      );
    })
    .join('');
  const preload = `if(f)for(const h of f){if(h.endsWith('.css'))a('preload','/'+h,'style',1);else a('modulepreload','/'+h,0,1)}`;
  // The image the answer names, and the page's first view painted from it (read from a copy: the client reads
  // the answer itself).
  // With a paint, the chain is left under `paintKey`: the app's first render waits for the painted view to be
  // presented (src/web/main.tsx), so the browser shows it (and counts its paint) before the app replaces it.
  const image =
    `if(i||w){const v=p.then(x=>x.clone().json()).then(b=>{const d=b&&b.data;if(i){const m=i.reduce((o,n)=>o&&o[n],d);` +
    `if(typeof m==='string'&&m.startsWith('/'))a('preload',m,'image')}if(w)return w(d)}).catch(()=>{});if(w)window[s.paintKey]=v}`;
  // In a function of its own (its `return`s end the sending only), run before the preloads: on HTTP/1.1's six
  // connections a request queues behind the links added before it, and the answer (and the image it names)
  // is what the page's largest paint waits for longest (docs/performance.md, "The document start").
  const send = start
    ? `(()=>{const s=${JSON.stringify(start)},k=s.key;if(!c||k in window)return;` +
      `let u=null;try{u=JSON.parse(localStorage.getItem(s.session.storageKey)||'null')}catch(e){}` +
      `if(u&&u.refreshToken&&u.expiresAt-Date.now()<=s.session.refreshThresholdMs)return;` +
      `const h={};for(const n in s.headers)h[n.toLowerCase()]=s.headers[n];` +
      `if(u&&u.token){h.authorization='Bearer '+u.token;h.userid=u.userId}` +
      `const o={};for(const q of c){const g=Object.assign({},h);if(q.body!==null)g['content-type']='application/json';` +
      `const p=fetch(q.url,{method:q.method,body:q.body===null?undefined:q.body,headers:g,credentials:'include'});p.catch(()=>{});${image}` +
      `o[q.method+' '+q.url]={body:q.body,headers:g,response:p}}window[k]=o})();`
    : '';
  return (
    `(()=>{const r=location.hash.slice(1).split('?')[0]||'/';${link}let f=${JSON.stringify(files)}[r],c=${JSON.stringify(calls)}[r],i=null,w=null;` +
    `${matchPatterns}${send}${preload}})();\n`
  );
}

/**
 * Starts a route's chunks and data from the document (docs/performance.md, "The document
 * start"). The app's routes live in the URL's hash, which the server never sees, so index.html cannot
 * name a route's files; and the entry asks for them only once it has run, after the vendor chunk has
 * arrived and been evaluated. The build writes a small classic script into index.html, after the entry's
 * script and preloads and before the stylesheet (the content-security policy allows it by the hash of its
 * text, which the server reads from the index.html it serves: `documentInlineScripts`; inline rather than a
 * file of its own, which would cost a round trip before its calls leave): it reads
 * `location.hash` and
 * - adds a `<link rel=modulepreload>` (CSS: `rel=preload as=style`) for each file the configured modules
 *   of the current route need beyond the entry's own closure, so they download beside the entry and
 *   vendor chunks (the entry's dynamic imports find them linked: Vite's preload helper skips them);
 * - sends the route's configured calls with `fetch`, exactly as the client would send them (headers, the
 *   stored session's token), and leaves the answers under `window[start.key]`, where the client takes
 *   them instead of sending the same request again (src/web/shared/api/document-start.ts).
 * Generic: `routes` maps a route path (no query) to source modules (or `{ modules, calls }`), e.g. a screen
 * and what its route starts before it renders, and the calls its first screen sends.
 */
export function documentPreloads(
  routes: Record<string, readonly string[] | RouteStart>,
  start: CallStart | null = null,
  patterns: readonly PatternStart[] = [],
): Plugin {
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
        /** The files some source modules open beyond the entry's closure (no JS file of a CSS-only chunk: Vite drops it). */
        const filesOf = (modules: readonly string[]): string[] => {
          const files = new Set<string>();
          for (const module of modules) {
            const id = resolve(root, module);
            const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
            if (!chunk) throw new Error(`documentPreloads: no chunk for ${module}`);
            for (const file of closure(bundle, chunk)) if (!inEntry.has(file) && !isPureCss(bundle[file])) files.add(file);
          }
          return [...files];
        };
        const map: Record<string, string[]> = {};
        const calls: Record<string, readonly StartedCall[]> = {};
        for (const [route, value] of Object.entries(routes)) {
          const { modules = [], calls: routeCalls = [] }: RouteStart = isModuleList(value) ? { modules: value } : value;
          const files = filesOf(modules);
          if (files.length > 0) map[route] = files;
          if (routeCalls.length > 0) calls[route] = routeCalls;
        }
        const built = patterns.map(
          ({ modules, call, ...pattern }): BuiltPatternStart => ({ ...pattern, files: filesOf(modules), call: { method: call.method, url: GW + call.path, body: null } }),
        );
        // Minified: the paint function is serialised from its source as written.
        script = minifySync('document-start.js', documentStartSource(map, calls, start, built)).code.trim();
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!script) return html;
        // After the entry and its preloads (their requests go first), before the stylesheet: a parser-inserted
        // script waits for the stylesheets above it.
        const at = html.indexOf('<link rel="stylesheet"');
        // The HTML parser would end the script at `</script` or read `<!--` as an escape: never in its text.
        if (/<\/script|<!--/i.test(script)) throw new Error('documentPreloads: the document-start script cannot be inlined as written');
        const inline = `<script>${script}</script>\n    `;
        return at < 0 ? html.replace('</head>', `${inline}</head>`) : html.slice(0, at) + inline + html.slice(at);
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

const isModuleList = (value: readonly string[] | RouteStart): value is readonly string[] => Array.isArray(value);

/** A chunk's file, its static imports' files (transitively) and the CSS each of them imports. */
function closure(bundle: OutputBundle, start: OutputChunk): Set<string> {
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
