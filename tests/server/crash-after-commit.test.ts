/**
 * The server killed between writing an order and answering (a real child
 * process started from the test-only entry fixtures/failpoint-server.ts, which
 * injects a hook that SIGKILLs the process right after the commit), then the
 * real server started again and retried with the same serial: exactly one
 * order, and the retry gets it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { RESUB_HEADER } from '../../src/contract/define-call.ts';
import { throwAwayDatabase } from '../support/bench-support.ts';
import { gwCall as gw, loginOverHttp as loginOver, startServerProcess } from '../support/server-process.ts';
import { validApplication, JINING } from './helpers.ts';
import { orderCalls } from '../../src/contract/order.ts';

type Target = { kind: 'pglite'; env: Record<string, string> } | { kind: 'postgres'; env: Record<string, string>; url: string };

const FAILPOINT_SERVER = 'tests/server/fixtures/failpoint-server.ts';
const startServer = (env: Record<string, string>, entry?: string) => startServerProcess(env, entry);

async function targets(): Promise<Target[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'edu-crash-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const common = { JWT_SECRET: 'crash-test-jwt-secret-0123456789', PAY_SANDBOX_SECRET: 'crash-test-pay-secret-0123456789', DATA_DIR: dataDir };
  const list: Target[] = [{ kind: 'pglite', env: { ...common, DATABASE_URL: '' } }];
  const admin = process.env.DATABASE_URL;
  if (admin) {
    const scratch = await throwAwayDatabase(admin, 'edu_crash');
    cleanups.push(scratch.drop);
    list.push({ kind: 'postgres', env: { ...common, DATABASE_URL: scratch.url }, url: scratch.url });
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

      const doomed = await startServer({ ...target.env, FAILPOINT: 'afterOrderCommit' }, FAILPOINT_SERVER);
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
