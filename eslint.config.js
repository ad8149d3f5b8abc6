// ESLint enforces the import rules of ARCHITECTURE.md: engine imports nothing
// of the app, contract only engine, server never web, web never server.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const nodeBuiltins = ['node:*', 'fs', 'path', 'crypto', 'os', 'http', 'https', 'url', 'zlib', 'child_process', 'stream'];
const builtinPatterns = nodeBuiltins.map((name) => ({ group: [name], message: 'No Node.js built-ins here.' }));

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/engine', from: ['./src/contract', './src/server', './src/web'], message: 'engine is pure: it imports none of contract, server, web.' },
            { target: './src/contract', from: ['./src/server', './src/web'], message: 'contract imports only engine types.' },
            { target: './src/server', from: './src/web', message: 'server never imports web.' },
            { target: './src/web', from: './src/server', message: 'web never imports server.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/engine/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...builtinPatterns,
            { group: ['react', 'react-dom', 'react/*', 'antd-mobile', 'fastify', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', 'jotai', 'jotai/*', 'redaxios'], message: 'engine is pure TypeScript: no UI, server, database or network libraries.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...builtinPatterns,
            { group: ['drizzle-orm', 'drizzle-orm/*', 'fastify', '@fastify/*', 'pg', '@electric-sql/*', 'jose'], message: 'web never imports server-side libraries.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**'],
    ignores: ['src/web/state/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...builtinPatterns,
            { group: ['drizzle-orm', 'drizzle-orm/*', 'fastify', '@fastify/*', 'pg', '@electric-sql/*', 'jose'], message: 'web never imports server-side libraries.' },
            { group: ['jotai', 'jotai/*'], message: 'Only src/web/state imports jotai; use its hooks.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react', 'react-dom', 'react/*', 'antd-mobile', 'jotai', '@rjsf/*'], message: 'server never imports React or web libraries.' }] },
      ],
    },
  },
);
