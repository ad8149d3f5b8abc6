import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API server (src/server/server.ts) the dev server proxies to. */
const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

const CONTRACT = /[\\/]src[\\/]contract[\\/]/;

/** Packages every screen needs: one long-cached vendor chunk. */
const VENDOR = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/;

export default defineConfig({
  plugins: [react()],
  // Served at the site root by the API server (dist/ at `/`).
  base: '/',
  server: {
    proxy: {
      '/_gw': { target: apiTarget, changeOrigin: true },
      '/_sandbox': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: read by scripts/size-budget.ts to walk the home route's chunk graph.
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      treeshake: {
        // The API contract builds TypeBox schemas at module level. The web app only needs its
        // paths and types; declaring the contract side-effect-free lets unused schemas (and
        // TypeBox with them) drop out of the bundle.
        moduleSideEffects: (id) => (CONTRACT.test(id) ? false : undefined),
        // Building a schema or declaring a call has no side effect: a declaration or schema the web
        // app does not use drops out even from a contract module it imports (`Type.Object(…)` is
        // pure through the namespace import `import * as Type`).
        manualPureFunctions: ['Type', 'defineCall'],
      },
      output: {
        codeSplitting: {
          groups: [
            // react + router stay together in one vendor chunk; antd-mobile is left to automatic
            // splitting so each screen only loads the components it uses.
            { name: 'vendor', test: VENDOR, priority: 10 },
          ],
        },
      },
    },
  },
});
