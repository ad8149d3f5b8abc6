/**
 * The real server as a child process, for tests and benchmarks that need a
 * process to kill or several processes on one database (the crash test, the
 * several-instances test, `BENCH_ONLY=crash`): start it on a free port of
 * 127.0.0.1, talk to it over HTTP, stop or SIGKILL it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { GW } from '../../src/contract/define-call.ts';
import { authCalls } from '../../src/contract/auth.ts';
import { randomPhone } from './bench-support.ts';

export const SERVER_ENTRY = 'src/server/server.ts';

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  base: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM (graceful) or SIGKILL, then waits for the exit. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `entry` (the server by default) with tsx in test mode, no web build,
 * silent logs unless `env` says otherwise, on `env.PORT` or a free port of
 * 127.0.0.1; resolves once it prints its banner.
 */
export async function startServerProcess(env: Record<string, string>, entry: string = SERVER_ENTRY, timeoutMs = 90_000): Promise<ServerProcess> {
  // A given PORT is kept (a restarted server answers where callbacks already point).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DIST_DIR: 'tests/server/no-dist', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const stop = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  const server: ServerProcess = { child, base: `http://127.0.0.1:${port}`, exited, output: () => output, stop };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${output}`);
    if (output.includes('running at')) return server;
    await new Promise((r) => setTimeout(r, 50));
  }
  await stop('SIGKILL');
  throw new Error(`server did not start: ${output}`);
}

export interface GwAnswer<T> {
  status: number;
  code: string;
  msg: string;
  data: T;
}

/** One `/_gw` call over HTTP, JSON in and out. */
export async function gwCall<T>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<GwAnswer<T>> {
  const response = await fetch(`${base}${GW}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const body = (await response.json()) as { code: string; msg: string; data: T };
  return { status: response.status, ...body };
}

/** Logs a new phone in over HTTP the way the client does (SMS code read back from the development endpoint); its access token. */
export async function loginOverHttp(base: string): Promise<string> {
  const phone = randomPhone();
  await gwCall(base, 'GET', `${authCalls.regMsg.path}?phoneNum=${phone}`);
  const { data } = await gwCall<{ code: string }>(base, 'GET', `${authCalls.devSmsLatest.path}?phoneNum=${phone}`);
  const login = await gwCall<{ token: string }>(base, 'POST', authCalls.registerAndLogin.path, { body: { phoneNum: phone, smsVerificationCode: data.code } });
  if (login.code !== '0000') throw new Error(`log-in failed: ${login.code} ${login.msg}`);
  return login.data.token;
}
