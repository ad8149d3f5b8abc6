/**
 * `npm run manifests:bench [-- --runs 3]`: cold `manifests:check` time (a new
 * process each run) over the catalogue and over the catalogue copied tenfold
 * (ids, product codes, alias codes and routes made unique per copy), to see
 * that checking stays fast and grows linearly. Prints the check's own time
 * (reading, validating, cross-file rules) and the process wall time (with
 * Node and tsx start-up).
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { catalogueCopies } from './lib/catalogue-copies.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
const root = fileURLToPath(new URL('..', import.meta.url));
const source = join(root, 'manifests');

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
  const dir = times === 1 ? source : catalogueCopies(source, times);
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
