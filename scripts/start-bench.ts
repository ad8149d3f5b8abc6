/**
 * `npm run bench:start [-- --runs 3] [--no-build]`: how long `npm start` takes, as someone
 * who changed only a manifest experiences it: spawn `npm start` → first 200 of
 * `/healthz` and of `/` (the web app), on PORT (default 4314), PGlite in a
 * scratch DATA_DIR:
 * - built, existing data: the web app and server unchanged since their build,
 *   the data folder left by an earlier start (the usual case; median of runs);
 * - built, fresh data: the same with an empty data folder (migrations, demo data);
 * - with --no-build also: no build at all (dist/ and dist-server/ removed), so the
 *   start builds both first (a fresh clone's first start).
 * Each with the CPU time its processes used until /healthz answered (from /proc), steadier than wall time.
 * docs/performance.md ("Operator commands and npm start") says what it measures.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, 'no-build': { type: 'boolean', default: false } } });
const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.PORT ?? '4314';

/**
 * CPU seconds used so far by the processes of a process group (npm, its shell, node scripts/start.mjs with the
 * server, and finished children such as a build), from /proc: steadier than wall time on a shared machine.
 */
function groupCpu(pgid: number): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      // After "(comm) ": state ppid pgrp … utime(12) stime(13) cutime(14) cstime(15), counted from the state at 0.
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100;
}

async function startOnce(dataDir: string): Promise<{ healthz: number; web: number; cpu: number }> {
  const started = performance.now();
  const child = spawn('npm', ['start'], { cwd: root, detached: true, stdio: 'ignore', env: { ...process.env, PORT: port, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
  const ok = async (path: string) => {
    try {
      return (await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(2000) })).status === 200;
    } catch {
      return false;
    }
  };
  const times: Record<string, number> = {};
  let cpu = NaN;
  try {
    while (!(times['/healthz'] && times['/'])) {
      if (performance.now() - started > 600_000) throw new Error('npm start did not answer within 10 minutes');
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      for (const path of ['/healthz', '/']) {
        if (!times[path] && (await ok(path))) {
          times[path] = performance.now() - started;
          if (path === '/healthz') cpu = groupCpu(child.pid!);
        }
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    // The whole group: npm, the shell and node scripts/start.mjs.
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    while (await ok('/healthz')) await new Promise((r) => setTimeout(r, 100));
  }
  return { healthz: times['/healthz']!, web: times['/']!, cpu };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const dataDir = mkdtempSync(join(tmpdir(), 'start-bench-'));
try {
  if (values['no-build']) {
    rmSync(join(root, 'dist'), { recursive: true, force: true });
    rmSync(join(root, 'dist-server'), { recursive: true, force: true });
    const first = await startOnce(dataDir);
    console.log(`no build (builds web app and server first), fresh data: /healthz ${s(first.healthz)}, / ${s(first.web)}; CPU ${first.cpu.toFixed(1)} s`);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const fresh = await startOnce(dataDir);
  console.log(`built, fresh data:    /healthz ${s(fresh.healthz)}, / ${s(fresh.web)}; CPU ${fresh.cpu.toFixed(1)} s`);
  const runs = Array.from({ length: Math.max(1, Number(values.runs)) }, () => 0);
  const existing: { healthz: number; web: number; cpu: number }[] = [];
  for (const _ of runs) existing.push(await startOnce(dataDir));
  console.log(`built, existing data: /healthz ${s(median(existing.map((r) => r.healthz)))}, / ${s(median(existing.map((r) => r.web)))}; CPU ${median(existing.map((r) => r.cpu)).toFixed(1)} s (median of ${runs.length}; load average ${loadavg()[0]!.toFixed(1)})`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
