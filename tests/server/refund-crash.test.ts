/**
 * The refund job killed between the channel's answer and writing it down:
 * a real server process (the test-only entry fixtures/failpoint-server.ts
 * with FAILPOINT=afterRefundSent) sells a policy through WeChat Pay H5 on
 * the WeChat Pay fake, the parent surrenders it, and the process SIGKILLs
 * itself the moment WeChat has accepted the refund. The refund row still
 * says nothing was sent. Once its lease is over, the real server started
 * again on the same database and port sends it again under the same
 * out_refund_no: WeChat answers with the refund it already holds (退款中),
 * pays it once, notifies the revived server, and the parent sees 已退款
 * with the whole premium.
 * On PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { RESUB_HEADER } from '../../src/contract/define-call.ts';
import { orderCalls } from '../../src/contract/order.ts';
import { paymentCalls } from '../../src/contract/payment.ts';
import { policyCalls } from '../../src/contract/policy.ts';
import { throwAwayDatabase } from '../support/bench-support.ts';
import { refunds } from '../../src/server/db/schema.ts';
import { openDb } from '../../src/server/db/open-db.ts';
import { gwCall as gw, loginOverHttp, startServerProcess } from '../support/server-process.ts';
import { startWechatPayFake, type WechatPayFake } from '../fakes/wechat-pay-v3-fake.ts';
import { validApplication, XUZHOU } from './helpers.ts';
import { freePort, until } from './payment-channels-support.ts';

const FAILPOINT_SERVER = 'tests/server/fixtures/failpoint-server.ts';
const REFUND_CALL = 'POST /v3/refund/domestic/refunds';

interface Target {
  kind: 'pglite' | 'postgres';
  env: Record<string, string>;
  /** Opens the database the server uses (while no server runs on PGlite). */
  open(): ReturnType<typeof openDb>;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function targets(): Promise<Target[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'edu-refund-crash-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const list: Target[] = [{ kind: 'pglite', env: { DATA_DIR: dataDir, DATABASE_URL: '' }, open: () => openDb({ dataDir }) }];
  const admin = process.env.DATABASE_URL;
  if (admin) {
    const scratch = await throwAwayDatabase(admin, 'edu_refund_crash');
    cleanups.push(scratch.drop);
    list.push({ kind: 'postgres', env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url }, open: () => openDb({ databaseUrl: scratch.url, dataDir }) });
  }
  return list;
}

describe('refund job killed after WeChat accepted the refund, before it was written', () => {
  it('pays the refund once after a restart, under the same number, and the parent sees 已退款', async () => {
    for (const target of await targets()) {
      const fake: WechatPayFake = await startWechatPayFake({ notifyMode: 'prompt', retryMs: 200 });
      cleanups.push(fake.close);
      const port = await freePort();
      const env = {
        ...target.env,
        ...fake.env(),
        JWT_SECRET: 'refund-crash-jwt-secret-0123456789',
        PAY_SANDBOX_SECRET: 'refund-crash-pay-secret-0123456789',
        PAYMENT_CHANNELS: 'sandbox,wechat:v3',
        WECHAT_MP_SECRET: 'fa4efa4efa4efa4efa4efa4efa4efa4e',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        PORT: String(port),
        LIFECYCLE_INTERVAL_MS: '300',
      };
      const doomed = await startServerProcess({ ...env, FAILPOINT: 'afterRefundSent' }, FAILPOINT_SERVER);
      let revived: Awaited<ReturnType<typeof startServerProcess>> | undefined;
      try {
        // A policy bought through WeChat Pay H5 and issued.
        const token = await loginOverHttp(doomed.base);
        const serial = (await gw<string>(doomed.base, 'GET', orderCalls.serial.path, { token })).data;
        const resub = (await gw<string>(doomed.base, 'GET', orderCalls.resubToken.path, { token })).data;
        const submitted = await gw<{ body: { order: { code: string; amount: number }; applicationForms: { information: { applicationFormCode: string } }[] } }>(
          doomed.base,
          'POST',
          orderCalls.submitOrder.path,
          { token, body: { source: '01', entryType: '00', idempotentSerialNo: serial, applicationForms: [validApplication(XUZHOU)] }, headers: { [RESUB_HEADER]: resub } },
        );
        expect(submitted.code).toBe('0000');
        const { code: orderCode, amount } = submitted.data.body.order;
        const applicationFormCode = submitted.data.body.applicationForms[0]!.information.applicationFormCode;
        const h5 = await gw<{ tradeNo: string }>(doomed.base, 'POST', paymentCalls.payOrderWapBiz.path, { token, body: { orderCode } });
        expect(h5.code).toBe('0000');
        fake.pay(h5.data.tradeNo);
        let policyNo = '';
        await until(async () => {
          const order = (await gw<{ status: string; policyNo: string | null }>(doomed.base, 'POST', orderCalls.orderDetail.path, { token, body: { orderCode } })).data;
          policyNo = order.policyNo ?? '';
          return (order.status === 'waitInsurance' || order.status === 'guarantee') && policyNo !== '';
        }, 'the WeChat payment to pay and issue the order', 30_000);

        // Surrendered before its start: the whole premium is due back; the job sends it, WeChat accepts, the process dies.
        const resubSurrender = (await gw<string>(doomed.base, 'GET', orderCalls.resubToken.path, { token })).data;
        const surrender = await gw(doomed.base, 'POST', policyCalls.submitEndors.path, { token, body: { policyNo, endorType: 'surrender' }, headers: { [RESUB_HEADER]: resubSurrender } });
        expect(surrender.code).toBe('0000');
        expect((await doomed.exited).signal).toBe('SIGKILL');
        expect(fake.requests.filter((r) => r.call === REFUND_CALL).map((r) => r.status)).toEqual([200]);
        const [onWechat] = [...fake.refunds.values()];
        expect(onWechat).toMatchObject({ outTradeNo: h5.data.tradeNo, amountFen: Math.round(amount * 100) });

        // What the dead run left: the refund claimed once and nothing of WeChat's answer. Its lease is made to have run out.
        const database = await target.open();
        try {
          const [left] = await database.db.select().from(refunds);
          expect({ kind: target.kind, refundNo: left?.refundNo, status: left?.status, attempts: left?.attempts, platformRefundNo: left?.platformRefundNo }).toEqual({
            kind: target.kind,
            refundNo: onWechat!.outRefundNo,
            status: 'pending',
            attempts: 1,
            platformRefundNo: null,
          });
          await database.db.update(refunds).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(refunds.id, left!.id));
        } finally {
          await database.close();
        }

        revived = await startServerProcess(env);
        const base = revived.base;
        let shown: { status: string; amount: number }[] = [];
        const shownOn = (status: string) => async () => {
          shown = (await gw<{ refunds: { status: string; amount: number }[] }>(base, 'POST', policyCalls.searchAppDetailPro.path, { token, body: { applicationFormCode } })).data.refunds;
          return shown[0]?.status === status;
        };
        // The revived job sends it again under the same number; WeChat answers with the refund it holds (still 退款中).
        await until(shownOn('processing'), 'the revived server to send the refund again', 30_000);
        expect(fake.requests.filter((r) => r.call === REFUND_CALL).map((r) => r.status)).toEqual([200, 200]);
        expect(fake.refunds.size).toBe(1);
        // WeChat pays it and notifies the revived server.
        fake.settleRefund(onWechat!.outRefundNo);
        await until(shownOn('succeeded'), 'the revived server to see the refund paid', 30_000);
        expect({ kind: target.kind, shown }).toEqual({ kind: target.kind, shown: [expect.objectContaining({ status: 'succeeded', amount })] });
        expect([...fake.refunds.values()].map((r) => [r.outRefundNo, r.amountFen, r.status])).toEqual([[onWechat!.outRefundNo, Math.round(amount * 100), 'SUCCESS']]);
        expect(fake.trades.get(h5.data.tradeNo)?.refundedFen).toBe(Math.round(amount * 100));
      } finally {
        await doomed.stop('SIGKILL');
        await revived?.stop();
      }
      if (target.kind === 'postgres') {
        const database = await target.open();
        try {
          const rows = await database.db.select().from(refunds);
          expect(rows.map((r) => [r.status, r.attempts])).toEqual([['succeeded', 2]]);
        } finally {
          await database.close();
        }
      }
    }
  }, 300_000);
});
