/**
 * Validates every product manifest in manifests/ and every market manifest in
 * manifests/markets/ against their schemas and the cross-file rules; prints
 * `file  /pointer  message  (hint)` per problem and exits 1 on any.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reservedRoutes } from '../src/contract/app-routes.ts';
import { readJsonDir } from '../src/server/catalogue/json-files.ts';
import { checkCatalogue, formatProblem, type ManifestProblem } from '../src/engine/manifest/index.ts';

const dir = fileURLToPath(new URL('../manifests', import.meta.url));
const marketDir = join(dir, 'markets');
const started = performance.now();
const problems: ManifestProblem[] = [];

function readJsonFiles(folder: string): { file: string; data: unknown }[] {
  const read = readJsonDir(folder);
  problems.push(...read.problems);
  return read.files.filter((f) => f.data !== undefined);
}

const products = readJsonFiles(dir);
const markets = readJsonFiles(marketDir);
problems.push(...checkCatalogue(products, markets, reservedRoutes()));
const ms = (performance.now() - started).toFixed(1);
for (const p of problems) console.error(formatProblem(p));
if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s) in ${products.length} manifest(s) and ${markets.length} market(s)`);
  process.exit(1);
}
console.log(`${products.length} manifests and ${markets.length} markets valid (${ms} ms)`);
