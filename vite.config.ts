import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { contractForWeb } from './scripts/lib/vite-contract-for-web.ts';
import { rjsfRegistryForWeb } from './scripts/lib/vite-rjsf-registry.ts';
import { reactRouterPure } from './scripts/lib/vite-react-router-pure.ts';
import { rrwebUntainted } from './scripts/lib/vite-rrweb-untainted.ts';
import { documentPreloads, startedCall } from './scripts/lib/vite-document-preloads.ts';
import { APP_ROUTES, DETAIL_ROUTE_SHAPE } from './src/contract/app-routes.ts';
import { productCalls } from './src/contract/product-calls.ts';
import { marketCalls } from './src/contract/market.ts';
import { DOCUMENT_CALL_START } from './src/web/shared/api/document-start.ts';
import { EARLY_DETAIL_TEXTS, paintEarlyDetail } from './src/web/app/early-detail-paint.ts';
import { assertNoChunkCycle, homeRouteChunkName } from './scripts/lib/vite-home-route-chunk.ts';
import { chunkMerge, isChunkMergeFirstPass } from './scripts/lib/vite-chunk-merge.ts';

/** The API server (src/server/server.ts) the dev server proxies to. */
const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

const ENTRY = fileURLToPath(new URL('./src/web/main.tsx', import.meta.url));
const HOME_SCREEN = fileURLToPath(new URL('./src/web/features/catalogue/screens/home/home-screen.tsx', import.meta.url));

const CONTRACT = /[\\/]src[\\/]contract[\\/]/;
const FEATURE_INDEX = /[\\/]src[\\/]web[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

/** Packages every screen needs: one long-cached vendor chunk. */
const VENDOR = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/;
/** An antd-mobile component's stylesheet. */
const ANTD_CSS = /[\\/]node_modules[\\/]antd-mobile[\\/]es[\\/]components[\\/][^\\/]+[\\/][^\\/]+\.css$/;
const OWN_WEB_SOURCE = /[\\/]src[\\/]web[\\/]/;
/**
 * The antd-mobile stylesheets our own components import without the component's script (the wrapped notice,
 * the light tabs, the read-only rate, the detail's copies and FAQ sections): shared by screens that load
 * different chunks, each was a CSS-only chunk under 1 KB, one request each (five on a detail page opened by
 * its link). Together they are one file of about 2 KB gzip (docs/performance.md, "Overlays and widgets on demand").
 */
const borrowedAntdCss: Rolldown.CodeSplittingNameFunction = (id, ctx) =>
  ANTD_CSS.test(id) && ctx.getModuleInfo(id)?.importers.some((importer) => OWN_WEB_SOURCE.test(importer)) ? 'antd-borrowed' : null;

/** Text files the server sends precompressed (@fastify/static `preCompressed`). */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

/**
 * After `vite build`: writes `.br` (quality 11) and `.gz` (level 9) next to every
 * compressible file of dist/ (except the .vite folder, which is not served), keeping
 * only variants smaller than the original, then the build stamp scripts/start.mjs
 * compares with the sources.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'edu-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      // The chunk merge's first pass writes nothing.
      if (isChunkMergeFirstPass()) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? (entry.name === '.vite' ? [] : walk(join(dir, entry.name))) : [join(dir, entry.name)],
        );
      for (const file of walk(outDir).filter((path) => COMPRESSIBLE.test(path))) {
        const body = readFileSync(file);
        const br = brotliCompressSync(body, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length },
        });
        const gz = gzipSync(body, { level: 9 });
        if (br.length < body.length) writeFileSync(`${file}.br`, br);
        if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
      }
      mkdirSync(join(outDir, '.vite'), { recursive: true });
      writeFileSync(join(outDir, '.vite', 'build-stamp'), `${new Date(statSync(outDir).mtimeMs).toISOString()}\n`);
    },
  };
}

/**
 * antd-mobile's default renderer for its imperative overlays (`utils/render.js`: rc-util's legacy
 * `ReactDOM.render` with Babel's async helpers, about 3 KB gzip in the entry) is never called on
 * React 19: `setUpAntdMobileForReact19` installs ours before the first toast. Its module
 * (`utils/unstable-render.js`) gets our renderer as its default instead, and a no-op for the
 * warning it only calls in development.
 */
function antdRender(): Plugin {
  const UNSTABLE_RENDER = /[\\/]node_modules[\\/]antd-mobile[\\/]es[\\/]utils[\\/]unstable-render\.js$/;
  const NO_WARNING = '\0edu-antd-no-warning';
  return {
    name: 'edu-antd-render',
    apply: 'build',
    // Before Vite's own resolver, which would find the real modules.
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !UNSTABLE_RENDER.test(importer)) return null;
      if (source === './render') return fileURLToPath(new URL('./src/web/app/antd-render.ts', import.meta.url));
      if (source === 'rc-util/lib/warning') return NO_WARNING;
      return null;
    },
    load(id) {
      return id === NO_WARNING ? 'export default function warningOnce() {}' : null;
    },
  };
}

/**
 * The PDF viewer's Chinese character maps (pdfjs-dist/cmaps, binary .bcmap) as
 * assets under /pdfjs/cmaps/: fetched by the viewer only for PDFs that need them.
 */
function pdfCmaps(): Plugin {
  return {
    name: 'edu-pdf-cmaps',
    apply: 'build',
    generateBundle() {
      const dir = join('node_modules', 'pdfjs-dist', 'cmaps');
      for (const name of readdirSync(dir)) this.emitFile({ type: 'asset', fileName: `pdfjs/cmaps/${name}`, source: readFileSync(join(dir, name)) });
    },
  };
}

const src = (path: string): string => fileURLToPath(new URL(`./src/web/${path}`, import.meta.url));
const FEATURES = src('features');
/** The module of a screen (`features/<feature>/screens/<name>/<name>-screen.tsx`), wherever its feature is. */
const screen = (name: string): string => {
  const feature = readdirSync(FEATURES).find((folder) => existsSync(join(FEATURES, folder, 'screens', name)));
  if (!feature) throw new Error(`no screen ${name} under src/web/features/*/screens`);
  return join(FEATURES, feature, 'screens', name, `${name}-screen.tsx`);
};
/** Budgets of scripts/size-budget.ts, in bytes, for the lazy entries' openings the chunk merge may grow. */
const SCREEN = /[\\/]src[\\/]web[\\/]features[\\/][^\\/]+[\\/]screens[\\/]([^\\/]+)[\\/]\1-screen\.tsx$/;
const OPENING_LIMITS = new Map<string, number>([
  [screen('insure'), 85 * 1024],
  [screen('contract'), Number.POSITIVE_INFINITY],
  [src('features/recording/recorder.ts'), 30 * 1024],
]);
/**
 * The two screens whose files Lighthouse's largest paint waits for: each request they save counts more than
 * the purchase path's (the market home, home's redirect target, 20; a detail page opened by its link, 10).
 * The greedy plan is sensitive to these weights: with this stop's other changes, 20 and 20 give a detail link
 * one file fewer (29) but 781 files over all screens; 20 and 10 give 30 and 757 in all, the market home 18
 * either way (docs/performance.md, "Fewer files per screen").
 */
const LARGEST_PAINT_WEIGHTS = new Map([
  [screen('market-home'), 20],
  [screen('product-detail'), 10],
]);
/** The purchase path: each request its screens save counts three times. */
const PURCHASE_PATH = new Set(['product-detail', 'market-home', 'confirm', 'insure', 'login'].map(screen));
/**
 * Shared chunks merged after a first pass measured them (scripts/lib/vite-chunk-merge.ts).
 * Lazy parts a screen loads after it opens (pull-to-refresh, pickers, popups): their download is counted
 * beyond the first load, so it includes what their screen has already loaded; 80 KB. Other lazy entries
 * (the market flow home loads, packages) may not grow.
 */
const SCREEN_PART = /[\\/]src[\\/]web[\\/](features[\\/][^\\/]+[\\/](screens|components|renderers)|shared[\\/]ui|form-theme)[\\/]/;
const merge = chunkMerge({
  configFile: fileURLToPath(import.meta.url),
  limitOf: (id) => OPENING_LIMITS.get(id) ?? (SCREEN.test(id) ? 40 * 1024 : SCREEN_PART.test(id) ? 80 * 1024 : undefined),
  weightOf: (id) => LARGEST_PAINT_WEIGHTS.get(id) ?? (PURCHASE_PATH.has(id) ? 3 : 1),
  loadedRoots: [src('shared/api/query-module.ts')],
});

export default defineConfig({
  // Each custom plugin's measured effect and upgrade risk: docs/build-plugins.md.
  plugins: [
    react(),
    contractForWeb(),
    rjsfRegistryForWeb(),
    reactRouterPure(),
    rrwebUntainted(),
    antdRender(),
    pdfCmaps(),
    assertNoChunkCycle(),
    // Home's route: the market decision's chunks, requested by the document beside the entry (home's screen is in
    // `core`), and the two calls home's first screen and the decision send (shared/api/early-queries.ts: the catalogue,
    // every market), sent by the document and taken by the client (shared/api/document-start.ts). A detail route (a path
    // outside the table of a manifest route's shape): the call that resolves it and brings its manifest, the
    // catch-all route's and the detail screen's files, and the banner the answer names.
    documentPreloads(
      {
        '/': {
          modules: ['src/web/features/catalogue/markets/market-flow.ts'],
          calls: [startedCall(productCalls.productList, { body: {} }), startedCall(marketCalls.queryIdByArea, { query: {} })],
        },
      },
      DOCUMENT_CALL_START,
      [
        {
          shape: DETAIL_ROUTE_SHAPE,
          table: Object.values(APP_ROUTES).map((route) => route.path),
          modules: [
            'src/web/app/detail-route-look-up.ts',
            'src/web/app/catch-all-route.tsx',
            'src/web/features/insure/screens/product-detail/product-detail-screen.tsx',
          ],
          call: productCalls.productAttrByRoute,
          pathQuery: 'path',
          imageAt: ['detail', 'banner', 'image'],
          // The page's top (bar, recording notice, banner) painted from that answer, before the app's scripts run.
          paint: { run: paintEarlyDetail, extra: EARLY_DETAIL_TEXTS },
        },
      ],
    ),
    precompress(),
    merge.plugin,
  ],
  // Served at the site root by the API server (dist/ at `/`).
  base: '/',
  resolve: {
    alias: [
      // Plain text where @rjsf/core would parse markdown: no form's text is markdown (src/web/form-theme/plain-text-markdown.tsx).
      { find: /^markdown-to-jsx\/react$/, replacement: fileURLToPath(new URL('./src/web/form-theme/plain-text-markdown.tsx', import.meta.url)) },
      // No fast-uri: its one web user, @rjsf/utils' $ref resolution, needs only resolve and equal, and no
      // form schema has a $ref (src/web/form-theme/uri-resolver.ts).
      { find: /^fast-uri$/, replacement: fileURLToPath(new URL('./src/web/form-theme/uri-resolver.ts', import.meta.url)) },
    ],
  },
  server: {
    proxy: {
      '/_gw': { target: apiTarget, changeOrigin: true },
      '/_sandbox': { target: apiTarget, changeOrigin: true },
      '/oauth': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: read by scripts/size-budget.ts to walk the home route's chunk graph.
    manifest: true,
    target: 'es2022',
    // No inline polyfill script in index.html: the content-security policy allows no inline
    // script, and every browser the app supports (es2022) has <link rel="modulepreload">
    // or ignores it harmlessly.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // The API contract builds TypeBox schemas at module level. The web app only needs its
        // paths and types; declaring the contract side-effect-free lets unused schemas (and
        // TypeBox with them) drop out of the bundle.
        // A feature's index (src/web/features/<name>/index.ts) only re-exports: side-effect-free, an importer
        // takes the modules it names and not the index's other re-exports.
        moduleSideEffects: (id) => (CONTRACT.test(id) || FEATURE_INDEX.test(id) ? false : undefined),
        // Building a schema or declaring a call has no side effect: a declaration or schema the web
        // app does not use drops out even from a contract module it imports (`Type.Object(…)` is
        // pure through the namespace import `import * as Type`).
        manualPureFunctions: ['Type', 'defineCall'],
        // Reading a schema's `.properties` to compose another has no side effect either.
        propertyReadSideEffects: false,
      },
      output: {
        codeSplitting: {
          groups: [
            // react + router stay together in one vendor chunk; antd-mobile is left to automatic
            // splitting so each screen only loads the components it uses.
            { name: 'vendor', test: VENDOR, priority: 10 },
            // The home route's modules, the home screen's included, in one chunk beside the entry module
            // (scripts/lib/vite-home-route-chunk.ts): 6 files instead of 31, and home renders without waiting for a chunk of its own.
            { name: homeRouteChunkName({ roots: [ENTRY, HOME_SCREEN], ownChunks: [ENTRY], exclude: VENDOR }), debugName: 'core', includeDependenciesRecursively: false, priority: 5 },
            { name: borrowedAntdCss, includeDependenciesRecursively: false, priority: 2 },
            // Shared chunks of the lazy screens, merged where every screen that opens them stays within its budget.
            { name: merge.groupName, includeDependenciesRecursively: false, priority: 1 },
          ],
        },
      },
    },
  },
});
