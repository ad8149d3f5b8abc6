/**
 * `npm run manifests:check [-- --strict] [file …]`: validates the registries
 * (manifests/registry/), every product manifest in manifests/ and every market
 * manifest in manifests/markets/ against their schemas and the cross-file
 * rules; prints `file  /pointer  message  (hint)` per problem. Errors exit 1;
 * warnings ("still copied", no market) exit 1 only with --strict (CI).
 * With file names (as typed from the folder npm runs in, or a manifest's id),
 * prints only their problems and which markets sell them; a name that is no
 * checked file stops with an error (exit 2) naming the closest ids.
 */
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatProblem, marketsSelling } from '../src/engine/manifest/index.ts';
import { closest } from '../src/engine/manifest/problem-messages.ts';
import { usePrecompiledValidators } from '../src/server/catalogue/precompiled-validator.ts';
import { checkManifestsDir } from './lib/check-manifests-dir.ts';
import { parseCommandLine } from './lib/command-line.ts';

const USAGE = `Usage: npm run manifests:check [-- [--strict] [--dir DIR] [file …]]
  checks the registries, every product manifest and every market; prints file  /pointer  message  (hint) per problem
  --strict   warnings (still copied, no market sells it) fail too, as in CI
  --dir DIR  the manifests folder (default manifests/)
  file …     only these files' problems (a manifest's id, its file name, or a path), with the markets that sell them`;
const { values, positionals } = parseCommandLine(USAGE, { strict: { type: 'boolean', default: false }, dir: { type: 'string' } });
const dir = values.dir ? resolve(values.dir) : fileURLToPath(new URL('../manifests', import.meta.url));
const started = performance.now();
// The schemas' compiled validators from the cache (compiled and kept there on the first run after a schema change).
usePrecompiledValidators();
const { products, markets, registries, problems } = checkManifestsDir(dir);
const readable = (files: typeof products.files) => files.filter((f) => f.data !== undefined);
const ms = (performance.now() - started).toFixed(1);

// A file named on the command line: as typed from the folder npm was run in (INIT_CWD), from the project, or as a
// manifest's id or file name. A name that is none of the checked files is an error, never a silent pass.
const known = [...products.files, ...markets.files].map((f) => f.file);
const registryFiles = ['insurers.json', 'branches.json'].map((name) => relative(process.cwd(), join(dir, 'registry', name)));
const only = new Set<string>();
for (const arg of positionals) {
  const candidates = [resolve(process.env.INIT_CWD ?? process.cwd(), arg), resolve(arg), join(dir, arg), join(dir, `${arg}.json`), join(dir, 'markets', arg), join(dir, 'markets', `${arg}.json`)];
  const file = candidates.map((c) => relative(process.cwd(), c)).find((c) => known.includes(c) || registryFiles.includes(c));
  if (file === undefined) {
    const ids = products.files.map((f) => basename(f.file, '.json'));
    const near = closest(basename(arg, '.json'), ids, 3);
    console.error(`${arg}: no such manifest among the ${products.files.length} checked in ${relative(process.cwd(), dir) || '.'}/${near.length > 0 ? ` (closest: ${near.join(', ')})` : ''}; give the file, e.g. manifests/${near[0] ?? 'nanjing-student-2026'}.json, or its id`);
    process.exit(2);
  }
  only.add(file);
}
const shown = only.size > 0 ? problems.filter((p) => only.has(p.file)) : problems;
const errors = shown.filter((p) => p.severity !== 'warning');
const warnings = shown.filter((p) => p.severity === 'warning');
for (const p of [...errors, ...warnings]) console.error(formatProblem(p));
if (only.size > 0) {
  const sellers = marketsSelling(readable(markets.files));
  for (const { file, data } of readable(products.files).filter((f) => only.has(f.file))) {
    const m = data as { productCode?: string; aliasCodes?: string[] };
    const by = [...new Set([m.productCode ?? '', ...(m.aliasCodes ?? [])].flatMap((code) => sellers.get(code) ?? []))];
    console.log(`${file}: ${by.length > 0 ? `sold by ${by.join(', ')}` : 'sold by no market'}`);
  }
}
const failing = errors.length + (values.strict ? warnings.length : 0);
const counts = `${products.files.length} manifests, ${markets.files.length} markets, ${registries.insurers.length} insurers, ${registries.branches.length} branches`;
if (failing > 0) {
  console.error(`\n${errors.length} error(s) and ${warnings.length} warning(s) in ${counts}${values.strict && warnings.length > 0 ? ' (--strict: warnings fail too)' : ''}`);
  process.exit(1);
}
console.log(`${counts} valid${warnings.length > 0 ? ` with ${warnings.length} warning(s)` : ''} (${ms} ms)`);
