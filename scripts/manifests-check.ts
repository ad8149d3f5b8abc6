/**
 * Validates every manifest in manifests/ against the schema and the
 * cross-manifest rules; prints `file  /pointer  message  (hint)` per problem
 * and exits 1 on any.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkManifestSet, formatProblem, type ManifestProblem } from '../src/engine/manifest/index.ts';

const dir = fileURLToPath(new URL('../manifests', import.meta.url));
const started = performance.now();
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
const problems: ManifestProblem[] = [];
const entries: { file: string; data: unknown }[] = [];
for (const name of files) {
  const file = relative(process.cwd(), join(dir, name));
  try {
    entries.push({ file, data: JSON.parse(readFileSync(join(dir, name), 'utf8')) });
  } catch (error) {
    problems.push({ file, pointer: '', message: `not valid JSON: ${(error as Error).message}` });
  }
}
problems.push(...checkManifestSet(entries));
const ms = (performance.now() - started).toFixed(1);
for (const p of problems) console.error(formatProblem(p));
if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s) in ${files.length} manifest(s)`);
  process.exit(1);
}
console.log(`${files.length} manifests valid (${ms} ms)`);
