/**
 * `npm run manifests:bench [-- --runs 7]`: cold `manifests:check` (a new
 * process each run) over the catalogue and over the catalogue copied tenfold
 * (ids, product codes, alias codes and routes made unique per copy), to see
 * that checking stays fast and grows linearly. Prints the medians of
 * - check: the check's own time (reading, validating, cross-file rules), as it prints it;
 * - process: the whole command as `npm run manifests:check` runs it
 *   (`node scripts/run-tool.mjs scripts/manifests-check.ts`: Node's start-up,
 *   the bundle's freshness check and load, the precompiled validators, the check);
 * - cpu: that process's user + system CPU time (from /usr/bin/time when installed),
 *   steadier than wall time on a shared machine;
 * - npm run: the same through `npm run` (npm's own start-up added; fewer runs).
 * The first run after a source or schema change also builds the bundle and
 * compiles the validators; it is measured once, before the medians.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { catalogueCopies } from './lib/catalogue-copies.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const runs = Math.max(1, Number(values.runs));
const root = fileURLToPath(new URL('..', import.meta.url));
const source = join(root, 'manifests');
const TOOLS_CACHE = join(root, 'node_modules', '.cache', 'edu-insure', 'tools');

interface Sample {
  check: number;
  wall: number;
  /** User + system CPU ms of the process; NaN without /usr/bin/time. */
  cpu: number;
  count: string;
}

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

function measure(dir: string, viaNpm = false): Sample {
  const [command, args] = viaNpm
    ? ['npm', ['run', '-s', 'manifests:check', '--', '--dir', dir]]
    : [process.execPath, [join(root, 'scripts/run-tool.mjs'), 'scripts/manifests-check.ts', '--dir', dir]];
  const timed = TIME && !viaNpm ? [TIME, ['-f', 'cpu %U %S', command, ...(args as string[])]] : [command, args];
  const started = performance.now();
  const run = spawnSync(timed[0] as string, timed[1] as string[], { encoding: 'utf8', cwd: root });
  const wall = performance.now() - started;
  const match = /^(\d+) manifests.*\(([\d.]+) ms\)/m.exec(run.stdout);
  if (!match) throw new Error(`manifests:check failed on ${dir}:\n${run.stdout}${run.stderr}`);
  const cpu = /^cpu ([\d.]+) ([\d.]+)$/m.exec(run.stderr);
  return { check: Number(match[2]), wall, cpu: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : NaN, count: match[1]! };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0).padStart(5)} ms`;

// The first run with no bundle: builds it (esbuild) and records its inputs.
rmSync(join(TOOLS_CACHE, 'manifests-check.mjs'), { force: true });
const first = measure(source);
console.log(`first run (bundle built): process ${ms(first.wall)}, check ${ms(first.check)}`);

const results: { times: number; manifests: string; check: number; wall: number; cpu: number; npm: number }[] = [];
for (const times of [1, 10]) {
  const dir = times === 1 ? source : catalogueCopies(source, times);
  try {
    measure(dir); // warm the file system cache of the copied folder
    const samples = Array.from({ length: runs }, () => measure(dir));
    const viaNpm = Array.from({ length: Math.max(1, Math.ceil(runs / 2)) }, () => measure(dir, true));
    results.push({ times, manifests: samples[0]!.count, check: median(samples.map((s) => s.check)), wall: median(samples.map((s) => s.wall)), cpu: median(samples.map((s) => s.cpu)), npm: median(viaNpm.map((s) => s.wall)) });
  } finally {
    if (dir !== source) rmSync(dir, { recursive: true, force: true });
  }
}
console.log(`cold manifests:check, median of ${runs} runs (npm run: ${Math.ceil(runs / 2)})`);
for (const r of results) {
  console.log(`catalogue x${String(r.times).padEnd(3)} ${r.manifests.padStart(4)} manifests  check ${ms(r.check)}  process ${ms(r.wall)} (cpu ${Number.isNaN(r.cpu) ? '  n/a' : ms(r.cpu)})  npm run ${ms(r.npm)}`);
}
const [one, ten] = results;
if (one && ten) {
  console.log(`growth for x10 manifests: check x${(ten.check / one.check).toFixed(1)}, process x${(ten.wall / one.wall).toFixed(1)}; per manifest: check ${(one.check / Number(one.manifests)).toFixed(2)} / ${(ten.check / Number(ten.manifests)).toFixed(2)} ms`);
  console.log(`goal: process under 300 ms for the catalogue — ${one.wall < 300 ? 'met' : 'NOT met'} (${one.wall.toFixed(0)} ms; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`);
}
