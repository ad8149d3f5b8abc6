/**
 * Compiles the server for `node`: one esbuild bundle of src/server/server.ts
 * (with src/engine, src/contract and the JSON schemas inlined) into
 * dist-server/server.mjs (and the staff, refunds, reconcile and person-data commands into dist-server/staff.mjs, refunds.mjs, reconcile.mjs and person-data.mjs), packages left external (they come from
 * node_modules at run time), plus the migrations copied next to it so that
 * dist-server/ is self-contained, and the prebuilt PGlite database a fresh
 * data folder starts from (dist-server/prebuilt-db/<key>/, src/server/db/prebuilt-db.ts):
 * made once per PGlite version and migrations in
 * node_modules/.cache/edu-insure/prebuilt-db/ (a few seconds: PGlite's initdb
 * and every migration) and copied from there by later builds. Writes
 * dist-server/build-stamp last; the start script compares it with the sources.
 *
 * esbuild rather than `tsc`: one step of about a second with no emit
 * configuration, where tsc would type-check and emit ~40k lines file by file
 * (type checking stays `npm run typecheck`); tsx stays for `npm run dev`.
 *
 * Usage: node scripts/build-server.mjs
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist-server');
const started = Date.now();

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
/** esbuild's options for a Node module of the server's, its packages left to node_modules. */
const nodeModule = {
  outdir: out,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  logLevel: 'warning',
};
await build({
  ...nodeModule,
  // The server, and the operators' staff, refunds, reconcile and person-data commands (docs/promoters.md, docs/payments.md,
  // docs/accounts.md) for installs without tsx.
  entryPoints: {
    server: join(root, 'src/server/server.ts'),
    staff: join(root, 'src/server/tools/staff-cli.ts'),
    refunds: join(root, 'src/server/tools/refunds-cli.ts'),
    reconcile: join(root, 'src/server/tools/reconcile-cli.ts'),
    'person-data': join(root, 'src/server/tools/person-data-cli.ts'),
  },
  sourcemap: true,
});
cpSync(join(root, 'src/server/db/migrations'), join(out, 'migrations'), { recursive: true });

// The prebuilt database, made by the bundled module (next to the copied migrations, as the server finds them).
await build({ ...nodeModule, entryPoints: { 'prebuilt-db': join(root, 'src/server/db/prebuilt-db.ts') } });
const prebuiltModule = join(out, 'prebuilt-db.mjs');
const { buildPrebuiltDb } = await import(pathToFileURL(prebuiltModule).href);
const prebuiltStarted = Date.now();
const cached = await buildPrebuiltDb(join(root, 'node_modules/.cache/edu-insure/prebuilt-db'));
const prebuiltMs = Date.now() - prebuiltStarted;
cpSync(cached, join(out, 'prebuilt-db', basename(cached)), { recursive: true });
rmSync(prebuiltModule);
writeFileSync(join(out, 'build-stamp'), `${new Date().toISOString()}\n`);
console.log(`server built into dist-server/ in ${Date.now() - started} ms (prebuilt database ${basename(cached)}: ${prebuiltMs > 500 ? `made in ${prebuiltMs} ms` : 'cached'})`);
