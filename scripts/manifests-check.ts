/**
 * Validates every product manifest in manifests/ and every market manifest in
 * manifests/markets/ against their schemas and the cross-file rules; prints
 * `file  /pointer  message  (hint)` per problem and exits 1 on any.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reservedRoutes } from '../src/contract/app-routes.ts';
import { checkCatalogue, formatProblem, type ManifestProblem } from '../src/engine/manifest/index.ts';

const dir = fileURLToPath(new URL('../manifests', import.meta.url));
const marketDir = join(dir, 'markets');
const started = performance.now();
const problems: ManifestProblem[] = [];

function readJsonFiles(folder: string): { file: string; data: unknown }[] {
  if (!existsSync(folder)) return [];
  const entries: { file: string; data: unknown }[] = [];
  for (const name of readdirSync(folder).filter((f) => f.endsWith('.json')).sort()) {
    const file = relative(process.cwd(), join(folder, name));
    try {
      entries.push({ file, data: JSON.parse(readFileSync(join(folder, name), 'utf8')) });
    } catch (error) {
      problems.push({ file, pointer: '', message: `not valid JSON: ${(error as Error).message}` });
    }
  }
  return entries;
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
