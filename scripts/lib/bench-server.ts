/**
 * Parts of `npm run bench` (scripts/bench.ts) measured around the app rather
 * than inside it: a timed loop of concurrent requests, the bare Fastify route
 * doing one INSERT (the reference of order submissions on PostgreSQL), and
 * the start of the compiled server (time to answer /healthz and memory)
 * beside a bare Fastify process, and beside the same process opening PGlite
 * first (what the database alone costs).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import pg from 'pg';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Timed {
  perSecond: number;
  p50: number;
  p99: number;
  count: number;
  /** CPU time of the main thread (the app under test; the load generator runs in a worker) per job over the timed loop, ms. */
  cpuMs?: number;
  /** CPU time of the PostgreSQL backends serving the run per job, ms (from /proc; undefined when they are not readable). */
  dbCpuMs?: number;
  /** The loop's wall time and each job's latency, sorted (ms): what {@link combineTurns} adds up. */
  ms?: number;
  latencies?: number[];
}

/**
 * Turns of one target as one figure: jobs over the turns' summed wall time,
 * percentiles of all their latencies, CPU per job weighted by each turn's jobs.
 */
export function combineTurns(turns: readonly Timed[]): Timed {
  const count = turns.reduce((sum, t) => sum + t.count, 0);
  const ms = turns.reduce((sum, t) => sum + (t.ms ?? 0), 0);
  const latencies = turns.flatMap((t) => t.latencies ?? []).sort((a, b) => a - b);
  const weighted = (pick: (t: Timed) => number | undefined) =>
    turns.every((t) => pick(t) !== undefined) ? turns.reduce((sum, t) => sum + pick(t)! * t.count, 0) / count : undefined;
  const cpuMs = weighted((t) => t.cpuMs);
  const dbCpuMs = weighted((t) => t.dbCpuMs);
  return {
    perSecond: count / (ms / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    count,
    ms,
    latencies,
    ...(cpuMs === undefined ? {} : { cpuMs }),
    ...(dbCpuMs === undefined ? {} : { dbCpuMs }),
  };
}

/** user + system CPU time of processes, in ms, from /proc (a process that is gone or unreadable counts 0). */
function cpuOfPids(pids: readonly number[]): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // utime and stime are fields 14 and 15 of stat; clock ticks of 10 ms (USER_HZ 100).
      ticks.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // not on this machine, or gone
    }
  }
  return ticks;
}

/** A request of {@link requestLoopWithCpu}'s load generator. */
export interface LoopRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/**
 * On-CPU milliseconds of this process's main thread, the one the apps under
 * test run on (Linux `/proc/<pid>/task/<pid>/schedstat`); undefined elsewhere.
 * The load generator's worker thread and the time the thread waits for a core
 * are not counted.
 */
export function mainThreadCpuMs(): number | undefined {
  try {
    return Number(readFileSync(`/proc/${process.pid}/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

/**
 * The load generator's worker (request-loop-worker.mjs), started on the first
 * run and kept for every later one: its client compiled and its sockets open,
 * a run measures the server, not the generator's start. Referenced only while
 * a run is under way, so it never keeps the process alive.
 */
let loopWorker: Worker | undefined;

function requestLoopWorker(): Worker {
  if (loopWorker) return loopWorker;
  const worker = new Worker(new URL('./request-loop-worker.mjs', import.meta.url));
  worker.unref();
  // A failure between runs is not thrown at the process (no run is waiting for it): the worker exits, and a
  // worker that fails or exits is started again by the next run. During a run, runInWorker rejects with it.
  worker.on('error', () => undefined);
  worker.once('exit', () => {
    if (loopWorker === worker) loopWorker = undefined;
  });
  loopWorker = worker;
  return worker;
}

/**
 * One run of the kept worker: its answer, or its failure (an error thrown in it, or its exit). `posted` is
 * called once the requests are handed over: copying them cost the main thread about 1.6 ms per thousand
 * orders (a CPU profile of the order bench), which is not the app's.
 */
function runInWorker(message: { requests: readonly LoopRequest[]; concurrency: number; envelope: boolean }, posted: () => void): Promise<{ latencies: number[]; ms: number }> {
  const worker = requestLoopWorker();
  let settle: { resolve: (answer: { latencies: number[]; ms: number }) => void; reject: (error: Error) => void } | undefined;
  const onMessage = (answer: { latencies: number[]; ms: number } | { error: string }) => ('error' in answer ? settle?.reject(new Error(answer.error)) : settle?.resolve(answer));
  const onError = (error: Error) => settle?.reject(error);
  const onExit = (code: number) => settle?.reject(new Error(`request loop worker exited with ${code}`));
  worker.ref();
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);
  return new Promise<{ latencies: number[]; ms: number }>((resolve, reject) => {
    settle = { resolve, reject };
    worker.postMessage(message);
    posted();
  }).finally(() => {
    worker.off('message', onMessage);
    worker.off('error', onError);
    worker.off('exit', onExit);
    worker.unref();
  });
}

/**
 * Sends every request once, `concurrency` at a time, from a worker thread
 * (request-loop-worker.mjs: the load generator off the server's event loop,
 * as autocannon runs for the quote; one worker for every run), and times each:
 * throughput and latency percentiles, with the CPU it cost: the main thread's
 * (the app under test), and, given a way to list them, the PostgreSQL
 * backends' (`select pid from pg_stat_activity where datname =
 * current_database()`), each per request. CPU time is what a loaded machine
 * changes least: the figure to compare when wall-clock throughput is noise.
 * `envelope`: an answer whose `code` is not '0000' fails the run, as a status
 * other than 200 always does.
 */
export async function requestLoopWithCpu(
  requests: readonly LoopRequest[],
  concurrency: number,
  options: { envelope?: boolean; backendPids?: () => Promise<number[]> } = {},
): Promise<Timed> {
  const { backendPids } = options;
  const before = cpuOfPids(backendPids ? await backendPids() : []);
  let cpu: number | undefined;
  const answer = await runInWorker({ requests, concurrency, envelope: options.envelope ?? false }, () => (cpu = mainThreadCpuMs()));
  const used = cpu === undefined ? undefined : mainThreadCpuMs()! - cpu;
  const after = cpuOfPids(backendPids ? await backendPids() : []);
  const dbMs = [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
  const latencies = answer.latencies.sort((a, b) => a - b);
  return {
    perSecond: requests.length / (answer.ms / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    count: requests.length,
    ms: answer.ms,
    latencies,
    ...(used === undefined ? {} : { cpuMs: used / requests.length }),
    ...(backendPids && after.size > 0 ? { dbCpuMs: dbMs / requests.length } : {}),
  };
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Runs every job, `concurrency` at a time, and times each: throughput and latency percentiles. */
export async function timedLoop<J>(jobs: readonly J[], concurrency: number, run: (job: J) => Promise<void>): Promise<Timed> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const t0 = performance.now();
        await run(job);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: jobs.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), count: jobs.length };
}

/**
 * The reference of the order bench: a bare Fastify route (no app hooks or
 * plugins) inserting the posted order as one jsonb row in a throw-away
 * PostgreSQL database, through a pool of the app's size (10). `warm` sends
 * the requests before the clock that the app's run had (the first alone: the
 * route compiles on its first call); `run` times bodies as the app's orders
 * are timed ({@link requestLoopWithCpu}, with the backends' CPU).
 */
export async function bareInsertRoute(adminUrl: string, concurrency: number): Promise<{
  warm: (bodies: readonly string[]) => Promise<void>;
  run: (bodies: readonly string[]) => Promise<Timed>;
  close: () => Promise<void>;
}> {
  const name = `edu_bench_bare_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  // The database is dropped with (force) at the end: an idle client's termination is expected.
  pool.on('error', () => undefined);
  const bare = Fastify({ logger: false });
  const close = async () => {
    await bare.close();
    await pool.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  try {
    await pool.query('create table bare_orders (id uuid primary key default gen_random_uuid(), body jsonb not null, created_at timestamptz not null default now())');
    bare.post('/bare', async (request) => {
      const { rows } = await pool.query<{ id: string }>('insert into bare_orders (body) values ($1) returning id', [request.body]);
      return { code: '0000', msg: '', data: { id: rows[0]!.id } };
    });
    const base = await bare.listen({ port: 0, host: '127.0.0.1' });
    const request = (body: string): LoopRequest => ({ url: `${base}/bare`, method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const backends = async () => (await pool.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()')).rows.map((row) => row.pid);
    return {
      warm: async ([first, ...rest]) => {
        if (first === undefined) return;
        const res = await fetch(`${base}/bare`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: first });
        if (res.status !== 200) throw new Error(`bare insert: ${res.status}`);
        await res.arrayBuffer();
        if (rest.length > 0) await requestLoopWithCpu(rest.map(request), concurrency);
      },
      run: (bodies) => requestLoopWithCpu(bodies.map(request), concurrency, { backendPids: backends }),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

export interface Start {
  /** From spawning `node` to the first 200 of /healthz. */
  ms: number;
  /** Resident memory once answering, and the peak until then (MB). */
  rssMb: number;
  peakMb: number;
  /** process.memoryUsage() of the server once answering (MB): V8 heap, external (PGlite's WebAssembly memory among it), array buffers. */
  heapMb?: number;
  externalMb?: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/** VmRSS and VmHWM (peak) of a process, from /proc. */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** A preloaded module that prints process.memoryUsage() on SIGUSR2 (the started server is asked once it answers). */
function memoryProbe(dir: string): string {
  const file = join(dir, 'memory-probe.mjs');
  writeFileSync(file, "process.on('SIGUSR2', () => process.stderr.write('MEMORY ' + JSON.stringify(process.memoryUsage()) + '\\n'));\n");
  return file;
}

/** Starts `node <args>` with `env`, waits for `/healthz` (or any answer of `path`), measures, stops it. */
async function timeStart(args: string[], env: Record<string, string>, port: number, path: string, probe: string): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', probe, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${stderr}`);
      if (performance.now() - started > 60_000) throw new Error(`server did not answer in 60 s:\n${stderr}`);
      const answered = await fetch(`http://127.0.0.1:${port}${path}`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (answered) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const ms = performance.now() - started;
    const memory = memoryOf(child.pid!);
    child.kill('SIGUSR2');
    for (let i = 0; i < 100 && !stderr.includes('MEMORY '); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    const usage = /MEMORY (\{.*\})/.exec(stderr)?.[1];
    const parsed = usage ? (JSON.parse(usage) as NodeJS.MemoryUsage) : undefined;
    return { ms, ...memory, ...(parsed ? { heapMb: mb(parsed.heapUsed), externalMb: mb(parsed.external) } : {}) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * The compiled server (built here first, so that it is the current code)
 * started in production mode on PGlite: on a fresh data folder (migrations,
 * the school directory), then again on the data it left; and the reference,
 * a bare Fastify process answering one route, and that process opening
 * PGlite on a data folder before it listens (fresh, then existing).
 */
export async function serverStarts(): Promise<{ bare: Start; pgliteFresh: Start; pgliteExisting: Start; fresh: Start; existing: Start }> {
  const build = spawnSync(process.execPath, [join(root, 'scripts/build-server.mjs')], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build:server failed:\n${build.stdout}${build.stderr}`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  try {
    const probe = memoryProbe(dir);
    const barePort = await freePort();
    const bareFile = join(dir, 'bare.mjs');
    writeFileSync(
      bareFile,
      `import Fastify from ${JSON.stringify(join(root, 'node_modules/fastify/fastify.js'))};\n` +
        `const app = Fastify({ logger: false });\napp.get('/healthz', async () => ({ ok: true }));\n` +
        `await app.listen({ port: ${barePort}, host: '127.0.0.1' });\n`,
    );
    const bare = await timeStart([bareFile], {}, barePort, '/healthz', probe);
    // The database alone: the same Fastify process opening PGlite on a data folder first (fresh, then the one it left).
    const pglitePort = await freePort();
    const pgliteFile = join(dir, 'pglite-only.mjs');
    writeFileSync(
      pgliteFile,
      `import Fastify from ${JSON.stringify(join(root, 'node_modules/fastify/fastify.js'))};\n` +
        `import { PGlite } from ${JSON.stringify(join(root, 'node_modules/@electric-sql/pglite/dist/index.js'))};\n` +
        // As the app does (open-db.ts): the folder made first, then PGlite opened on it.
        `import { mkdirSync } from 'node:fs';\nmkdirSync(${JSON.stringify(join(dir, 'pglite-only'))}, { recursive: true });\n` +
        `const db = new PGlite(${JSON.stringify(join(dir, 'pglite-only'))});\nawait db.waitReady;\n` +
        `const app = Fastify({ logger: false });\napp.get('/healthz', async () => ({ ok: true }));\n` +
        // Closed on SIGTERM as the app closes its database, so the second start finds a clean folder.
        `process.once('SIGTERM', async () => { await app.close(); await db.close(); process.exit(0); });\n` +
        `await app.listen({ port: ${pglitePort}, host: '127.0.0.1' });\n`,
    );
    const pgliteFresh = await timeStart([pgliteFile], {}, pglitePort, '/healthz', probe);
    const pgliteExisting = await timeStart([pgliteFile], {}, pglitePort, '/healthz', probe);
    const port = await freePort();
    const env = {
      NODE_ENV: 'production',
      ALLOW_SANDBOX: 'true',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      PAY_SANDBOX_SECRET: randomBytes(32).toString('base64url'),
      PERSON_DATA_KEY: randomBytes(32).toString('base64url'),
      DATA_DIR: join(dir, 'data'),
      DIST_DIR: join(dir, 'no-web-build'),
      HOST: '127.0.0.1',
      PORT: String(port),
      LIFECYCLE_INTERVAL_MS: '0',
    };
    const args = ['--enable-source-maps', join(root, 'dist-server/server.mjs')];
    const fresh = await timeStart(args, env, port, '/healthz', probe);
    const existing = await timeStart(args, env, port, '/healthz', probe);
    return { bare, pgliteFresh, pgliteExisting, fresh, existing };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
