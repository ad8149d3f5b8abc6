// ESLint enforces the import rules of ARCHITECTURE.md with its built-in
// no-restricted-imports: engine imports nothing of the app, contract only
// engine, server never web, web never server. (eslint-plugin-import-x's
// no-restricted-paths would do the same, but its native resolver cannot be
// pinned in package-lock.json for every platform, which breaks `npm ci`.)
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'crypto', 'os', 'http', 'https', 'url', 'zlib', 'child_process', 'stream'];
const noNode = { group: nodeBuiltins, message: 'No Node.js built-ins here.' };
const layer = (name, message) => ({ group: [`**/${name}/*`, `**/${name}`, `!./**`], message });
const serverLibs = {
  group: ['drizzle-orm', 'drizzle-orm/*', 'fastify', '@fastify/*', 'pg', '@electric-sql/*', 'jose'],
  message: 'web never imports server-side libraries.',
};
const webLibs = { group: ['react', 'react-dom', 'react/*', 'react-dom/*', 'antd-mobile', 'jotai', 'jotai/*', '@rjsf/*', 'redaxios'], message: 'no UI libraries here.' };

const noScreens = { group: ['**/screens/*', '**/screens'], message: 'Screens are reached through the route table (src/contract/app-routes.ts), never imported.' };
const webBans = [noNode, layer('server', 'web never imports server.'), serverLibs, noScreens];
const noJotai = { group: ['jotai', 'jotai/*'], message: 'Only a state folder (src/web/shared/state, src/web/features/*/state) imports jotai; use its hooks.' };

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), 'src/web');
/**
 * Features keep their insides to themselves: a module outside src/web/features/<name>/ reaches that
 * feature only through its index (`features/<name>/index.ts`), and the shared parts (src/web/shared,
 * src/web/form-theme) import no feature at all. Relative imports are resolved, so `../../x/y.ts` counts
 * as what it names, wherever it is written.
 */
const featureBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = relative(WEB, context.filename).split(sep);
    const check = (node) => {
      const source = node.source;
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = relative(WEB, resolve(dirname(context.filename), source.value)).split(sep);
      if (target[0] !== 'features' || target.length < 3) return;
      const feature = target[1];
      if (from[0] === 'features' && from[1] === feature) return;
      if (from[0] === 'shared' || from[0] === 'form-theme') {
        context.report({ node: source, message: `src/web/${from[0]} is shared by the features and imports none of them (here features/${feature}).` });
        return;
      }
      if (target.length === 3 && target[2] === 'index.ts') return;
      context.report({ node: source, message: `Reach the ${feature} feature through src/web/features/${feature}/index.ts, not its insides.` });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/** One no-restricted-imports rule per folder: ESLint keeps only the last, so each folder lists all of its bans. */
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/engine/**'],
    rules: restrict(
      noNode,
      layer('contract', 'engine is pure: it imports none of contract, server, web.'),
      layer('server', 'engine is pure: it imports none of contract, server, web.'),
      layer('web', 'engine is pure: it imports none of contract, server, web.'),
      { ...webLibs, message: 'engine is pure TypeScript: no UI libraries.' },
      { ...serverLibs, message: 'engine is pure TypeScript: no server, database or network libraries.' },
    ),
  },
  {
    files: ['src/contract/**'],
    rules: restrict(
      noNode,
      layer('server', 'contract imports only engine types.'),
      layer('web', 'contract imports only engine types.'),
      webLibs,
      { ...serverLibs, message: 'contract holds schemas and types only.' },
    ),
  },
  {
    files: ['src/contract/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='@sinclair/typebox'] > ImportSpecifier[imported.name='Type']",
          message: "import * as Type from '@sinclair/typebox': the namespace lets the web bundle keep only the builders it uses.",
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: restrict(layer('web', 'server never imports web.'), { ...webLibs, message: 'server never imports React or web libraries.' }),
  },
  {
    files: ['src/web/**'],
    plugins: { web: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'web/feature-boundaries': 'error' },
  },
  {
    files: ['src/web/**'],
    ignores: ['src/web/**/state/**'],
    rules: restrict(...webBans, noJotai, {
      group: ['**/contract/calls.ts'],
      message: 'The index of every call group is for the server and tests: import the group the screen calls.',
    }),
  },
  {
    // A screen is reached only through the route table (src/contract/app-routes.ts), never imported;
    // what two screens share lives in their feature's components/ (src/web/shared/ui/ when features share it,
    // src/web/app/ when it is about routes).
    files: ['src/web/features/*/screens/**'],
    rules: restrict(...webBans, noJotai, {
      regex: '^\\.\\./(?!\\.\\./)',
      message: "A screen never imports another screen: move what they share to the feature's components/.",
    }),
  },
  {
    files: ['src/web/**/state/**'],
    rules: restrict(...webBans),
  },
  {
    // Every e2e spec takes `test` from e2e/support/test.ts, whose page runs the per-screen check (axe, tap targets).
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', importNames: ['test'], message: "Import test from './support/test.ts': it checks every screen the test leaves." }] },
      ],
    },
  },
);
