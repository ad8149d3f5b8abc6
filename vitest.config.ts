import { defineConfig } from 'vitest/config';
import { rjsfRegistryForWeb } from './scripts/lib/vite-rjsf-registry.ts';

export default defineConfig({
  // The web build's short rjsf registry (scripts/lib/vite-rjsf-registry.ts), so the render tests draw every form
  // with the fields and widgets the app ships (and no allOf merge); @rjsf/core and @rjsf/utils are inlined for the
  // plugin to see their modules.
  plugins: [rjsfRegistryForWeb()],
  // Node loads antd-mobile's CommonJS build for `import … from 'antd-mobile'`; the home route's deep imports
  // (`antd-mobile/es/…`, for the build's core chunk: scripts/lib/vite-home-route-chunk.ts) take the same
  // modules here, so `unstableSetRender` reaches the Toast and Dialog the tests show.
  resolve: { alias: [{ find: /^antd-mobile\/es\/(.*)$/, replacement: 'antd-mobile/cjs/$1' }] },
  test: {
    server: { deps: { inline: [/@rjsf[\\/](core|utils)/] } },
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: keep PGlite-heavy server suites from starving each other.
    maxWorkers: 2,
  },
});
