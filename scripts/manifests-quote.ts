/**
 * `npm run manifests:quote -- <productCode or id> [--dir <manifests>]`: every plan ×
 * factor choice × copies × guarantee years premium of a product, as the
 * server computes it (the manifest store the server loads, and the engine's
 * computePremium the calpremiums call runs; no server, no HTTP). See
 * docs/adding-a-product.md, "Check the prices".
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatProblem } from '../src/engine/manifest/index.ts';
import { computePremium } from '../src/engine/pricing/premium.ts';
import { ManifestError, loadManifestStore } from '../src/server/catalogue/manifest-store.ts';
import { parseCommandLine } from './lib/command-line.ts';
import { findManifest } from './lib/find-manifest.ts';
import { quoteTable } from './lib/quote-table.ts';

const USAGE = `Usage: npm run manifests:quote -- <productCode or id> [--dir DIR]   e.g. npm run manifests:quote -- 25PR320300
  prints every plan × factor choice × copies × guarantee years premium as the server charges it
  --dir DIR  the manifests folder (default manifests/)`;
const { values, positionals } = parseCommandLine(USAGE, { dir: { type: 'string' } });
const dir = values.dir ? resolve(values.dir) : fileURLToPath(new URL('../manifests', import.meta.url));
const code = positionals[0];
if (!code || positionals.length > 1) {
  console.error(USAGE);
  process.exit(2);
}
try {
  const store = loadManifestStore(dir);
  const manifest = findManifest(store, code);
  if (!manifest) {
    console.error(`No manifest has product code or id ${code}. Codes: ${store.all.map((m) => m.productCode).join(', ')}`);
    process.exit(1);
  }
  for (const line of quoteTable(manifest, computePremium)) console.log(line);
} catch (error) {
  if (!(error instanceof ManifestError)) throw error;
  for (const p of error.problems) console.error(formatProblem(p));
  console.error('\nFix these first (npm run manifests:check).');
  process.exit(1);
}
