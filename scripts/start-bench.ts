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
 * docs/performance.md ("npm start") lists figures.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, 'no-build': { type: 'boolean', default: false } } });
const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.PORT ?? '4314';

async function startOnce(dataDir: string): Promise<{ healthz: number; web: number }> {
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
  try {
    while (!(times['/healthz'] && times['/'])) {
      if (performance.now() - started > 600_000) throw new Error('npm start did not answer within 10 minutes');
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      for (const path of ['/healthz', '/']) if (!times[path] && (await ok(path))) times[path] = performance.now() - started;
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
  return { healthz: times['/healthz']!, web: times['/']! };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const dataDir = mkdtempSync(join(tmpdir(), 'start-bench-'));
try {
  if (values['no-build']) {
    rmSync(join(root, 'dist'), { recursive: true, force: true });
    rmSync(join(root, 'dist-server'), { recursive: true, force: true });
    const first = await startOnce(dataDir);
    console.log(`no build (builds web app and server first), fresh data: /healthz ${s(first.healthz)}, / ${s(first.web)}`);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const fresh = await startOnce(dataDir);
  console.log(`built, fresh data:    /healthz ${s(fresh.healthz)}, / ${s(fresh.web)}`);
  const runs = Array.from({ length: Math.max(1, Number(values.runs)) }, () => 0);
  const existing: { healthz: number; web: number }[] = [];
  for (const _ of runs) existing.push(await startOnce(dataDir));
  console.log(`built, existing data: /healthz ${s(median(existing.map((r) => r.healthz)))}, / ${s(median(existing.map((r) => r.web)))} (median of ${runs.length})`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
