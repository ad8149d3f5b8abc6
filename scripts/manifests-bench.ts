/**
 * `npm run manifests:bench [-- --runs 3]`: cold `manifests:check` time (a new
 * process each run) over the catalogue and over the catalogue copied tenfold
 * (ids, product codes, alias codes and routes made unique per copy), to see
 * that checking stays fast and grows linearly. Prints the check's own time
 * (reading, validating, cross-file rules) and the process wall time (with
 * Node and tsx start-up).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
const root = fileURLToPath(new URL('..', import.meta.url));
const source = join(root, 'manifests');

/** A manifests folder holding `times` copies of every product (markets and registries once, markets listing every copy). */
function catalogueCopies(times: number): string {
  const dir = mkdtempSync(join(tmpdir(), `manifests-x${times}-`));
  cpSync(join(source, 'registry'), join(dir, 'registry'), { recursive: true });
  cpSync(join(source, 'markets'), join(dir, 'markets'), { recursive: true });
  const files = readdirSync(source).filter((f) => f.endsWith('.json'));
  const renamed = new Map<string, string[]>();
  for (let copy = 0; copy < times; copy++) {
    const suffix = copy === 0 ? '' : String(copy);
    for (const name of files) {
      const m = JSON.parse(readFileSync(join(source, name), 'utf8')) as Record<string, unknown> & { productCode: string; routes: string[]; aliasCodes?: string[] };
      const code = (c: string) => (copy === 0 ? c : `${c.slice(0, 14)}X${suffix}`);
      if (copy > 0) renamed.set(m.productCode, [...(renamed.get(m.productCode) ?? []), code(m.productCode)]);
      m.id = `${m.id as string}${suffix ? `-${suffix}` : ''}`;
      m.productCode = code(m.productCode);
      m.routes = m.routes.map((r) => `${r}${suffix}`);
      if (m.aliasCodes) m.aliasCodes = m.aliasCodes.map(code);
      if (copy > 0) delete m.noticeRoute; // a notice route shows one product
      writeFileSync(join(dir, `${m.id as string}.json`), JSON.stringify(m, null, 2));
    }
  }
  for (const name of readdirSync(join(dir, 'markets'))) {
    const market = JSON.parse(readFileSync(join(dir, 'markets', name), 'utf8')) as { products: string[] };
    market.products = market.products.flatMap((c) => [c, ...(renamed.get(c) ?? [])]);
    writeFileSync(join(dir, 'markets', name), JSON.stringify(market, null, 2));
  }
  return dir;
}

function measure(dir: string): { check: number; wall: number; count: string } {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/manifests-check.ts'), '--dir', dir], { encoding: 'utf8', cwd: root });
  const wall = performance.now() - started;
  const match = /^(\d+) manifests.*\(([\d.]+) ms\)/m.exec(run.stdout);
  if (!match) throw new Error(`manifests:check failed on ${dir}:\n${run.stdout}${run.stderr}`);
  return { check: Number(match[2]), wall, count: match[1]! };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const results: { label: string; manifests: string; check: number; wall: number }[] = [];
for (const times of [1, 10]) {
  const dir = times === 1 ? source : catalogueCopies(times);
  try {
    const samples = Array.from({ length: runs }, () => measure(dir));
    results.push({ label: `catalogue x${times}`, manifests: samples[0]!.count, check: median(samples.map((s) => s.check)), wall: median(samples.map((s) => s.wall)) });
  } finally {
    if (dir !== source) rmSync(dir, { recursive: true, force: true });
  }
}
console.log('cold manifests:check, median of', runs, 'runs');
for (const r of results) console.log(`${r.label.padEnd(14)} ${r.manifests.padStart(4)} manifests  check ${r.check.toFixed(0).padStart(5)} ms  process ${r.wall.toFixed(0).padStart(5)} ms`);
const [one, ten] = results;
if (one && ten) console.log(`growth x10 catalogue: check time x${(ten.check / one.check).toFixed(1)}`);
