/**
 * The server killed between writing an order and answering (a real child
 * process started from the test-only entry fixtures/failpoint-server.ts, which
 * injects a hook that SIGKILLs the process right after the commit), then the
 * real server started again and retried with the same serial: exactly one
 * order, and the retry gets it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { GW, RESUB_HEADER } from '../../src/contract/define-call.ts';
import { randomPhone } from '../../src/server/bench-support.ts';
import { validApplication, JINING } from './helpers.ts';
import { authCalls } from '../../src/contract/auth.ts';
import { orderCalls } from '../../src/contract/order.ts';

type Target = { kind: 'pglite'; env: Record<string, string> } | { kind: 'postgres'; env: Record<string, string>; url: string; drop: () => Promise<void> };

const PORT_BASE = 42000 + Math.floor(Math.random() * 2000);
let portOffset = 0;

const SERVER = 'src/server/server.ts';
const FAILPOINT_SERVER = 'tests/server/fixtures/failpoint-server.ts';

async function startServer(env: Record<string, string>, entry: string = SERVER): Promise<{ child: ChildProcess; base: string; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> }> {
  const port = PORT_BASE + portOffset++;
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test', LOG_LEVEL: 'silent', DIST_DIR: 'tests/server/no-dist' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${output}`);
    if (output.includes('running at')) return { child, base, exited };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output}`);
}

async function gw<T>(base: string, method: 'GET' | 'POST', path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${base}${GW}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return (await response.json()) as { code: string; msg: string; data: T };
}

async function loginOver(base: string): Promise<string> {
  const phone = randomPhone();
  await gw(base, 'GET', `${authCalls.regMsg.path}?phoneNum=${phone}`);
  const { data } = await gw<{ code: string }>(base, 'GET', `${authCalls.devSmsLatest.path}?phoneNum=${phone}`);
  const login = await gw<{ token: string }>(base, 'POST', authCalls.registerAndLogin.path, { body: { phoneNum: phone, smsVerificationCode: data.code } });
  return login.data.token;
}

async function targets(): Promise<Target[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'edu-crash-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const common = { JWT_SECRET: 'crash-test-jwt-secret-0123456789', PAY_SANDBOX_SECRET: 'crash-test-pay-secret-0123456789', DATA_DIR: dataDir };
  const list: Target[] = [{ kind: 'pglite', env: { ...common, DATABASE_URL: '' } }];
  const admin = process.env.DATABASE_URL;
  if (admin) {
    const name = `edu_crash_${randomBytes(5).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const drop = async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
    cleanups.push(drop);
    list.push({ kind: 'postgres', env: { ...common, DATABASE_URL: url.toString() }, url: url.toString(), drop });
  }
  return list;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe('server killed after the order commits, before it answers', () => {
  it('leaves exactly one order when the client retries with the same serial', async () => {
    for (const target of await targets()) {
      // Start once without the failpoint to log in and take a serial.
      const first = await startServer(target.env);
      const token = await loginOver(first.base);
      const serial = (await gw<string>(first.base, 'GET', orderCalls.serial.path, { token })).data;
      const form = validApplication(JINING);
      first.child.kill('SIGTERM');
      await first.exited;

      const doomed = await startServer(target.env, FAILPOINT_SERVER);
      const resub1 = (await gw<string>(doomed.base, 'GET', orderCalls.resubToken.path, { token })).data;
      const submit = (base: string, resub: string) =>
        gw<{ body: { order: { code: string } } }>(base, 'POST', orderCalls.submitOrder.path, {
          token,
          body: { source: '01', entryType: '00', idempotentSerialNo: serial, applicationForms: [form] },
          headers: { [RESUB_HEADER]: resub },
        });
      await expect(submit(doomed.base, resub1)).rejects.toThrow();
      expect((await doomed.exited).signal).toBe('SIGKILL');

      const revived = await startServer(target.env);
      try {
        // The order was committed before the process died (the client never heard of it).
        const before = await gw<{ total: number }>(revived.base, 'POST', orderCalls.policyList.path, { token, body: {} });
        expect({ kind: target.kind, total: before.data.total }).toEqual({ kind: target.kind, total: 1 });
        const resub2 = (await gw<string>(revived.base, 'GET', orderCalls.resubToken.path, { token })).data;
        const retried = await submit(revived.base, resub2);
        expect({ kind: target.kind, code: retried.code }).toEqual({ kind: target.kind, code: '0000' });
        const list = await gw<{ total: number; list: { orderCode: string }[] }>(revived.base, 'POST', orderCalls.policyList.path, { token, body: {} });
        expect(list.data.total).toBe(1);
        expect(list.data.list[0]!.orderCode).toBe(retried.data.body.order.code);
      } finally {
        revived.child.kill('SIGTERM');
        await revived.exited;
      }
      if (target.kind === 'postgres') {
        const c = new pg.Client({ connectionString: target.url });
        await c.connect();
        const { rows } = await c.query('select count(*)::int as n from orders where idempotent_serial_no = $1', [serial]);
        await c.end();
        expect(rows[0].n).toBe(1);
      }
    }
  }, 300_000);
});
