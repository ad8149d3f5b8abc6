/**
 * Refunds paid out by the durable refund job, on PGlite and on PostgreSQL
 * when DATABASE_URL is set: a refund is sent once (a second run, a second
 * instance on the same database or a restart never sends it again), a
 * transient failure is tried again after a growing wait, a business refusal
 * is final, an accepted refund is asked about until it succeeded, the
 * channel's notification finishes it once, and the operator's retry sends a
 * failed refund again under the same number.
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyCalls, type AppDetail } from '../../src/contract/policy.ts';
import { buildAppWithHandles, type AppHandles } from '../../src/server/app.ts';
import { throwAwayDatabase } from '../support/bench-support.ts';
import type { DbHandle } from '../../src/server/db/db.ts';
import { openDb } from '../../src/server/db/open-db.ts';
import { payments, refunds } from '../../src/server/db/schema.ts';
import { applyRefundNotification, RETRY_BASE_MS } from '../../src/server/payments/refund-payouts.ts';
import { OutboundError } from '../../src/server/providers/outbound.ts';
import type { PaymentProvider, RefundOutcome, RefundRequest } from '../../src/server/providers/payment/payment-provider.ts';
import type { SandboxPaymentProvider } from '../../src/server/providers/payment/sandbox-payment-provider.ts';
import { listFailedRefunds, retryRefund } from '../../src/server/payments/refunds-repo.ts';
import { backends, call, expectOk, openTestDb, openTrade, pressCashier, settledProviders, testConfig } from './helpers.ts';

/** A channel's refund as a test wants it to behave, counting every call. */
class RefundScript {
  readonly sent: string[] = [];
  readonly asked: string[] = [];
  /** What each send answers (a thrown error for a transient failure); the last one repeats. */
  sends: (RefundOutcome | Error)[] = [{ state: 'succeeded', platformRefundNo: 'PR1' }];
  queries: (RefundOutcome | Error)[] = [{ state: 'succeeded', platformRefundNo: 'PR1' }];
  /** How long a send takes (two instances overlap). */
  delayMs = 0;

  /** Puts the script in place of the sandbox's own refunds. */
  install(provider: PaymentProvider): void {
    provider.refund = async (request: RefundRequest) => {
      this.sent.push(request.refundNo);
      if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      return answer(this.sends, this.sent.length);
    };
    provider.queryRefund = async (request) => {
      this.asked.push(request.refundNo);
      return answer(this.queries, this.asked.length);
    };
  }
}

function answer(script: (RefundOutcome | Error)[], n: number): RefundOutcome {
  const next = script[Math.min(n, script.length) - 1]!;
  if (next instanceof Error) throw next;
  return next;
}

interface Instance {
  app: FastifyInstance;
  handles: AppHandles;
  db: DbHandle['db'];
}

describe.each(backends)('refund pay-outs (%s)', (backend) => {
  let database: DbHandle;
  let a: Instance;
  let clock: Date;
  const now = () => clock;
  const db = () => database.db;
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  const instance = async (on: DbHandle): Promise<Instance> => ({
    ...(await buildAppWithHandles({ db: on.db, config: testConfig(), logger: false, sms: { send: async () => undefined }, sandboxRetryBaseMs: 5, now })),
    db: on.db,
  });
  const sandboxOf = (i: Instance) => i.handles.providers.payments.get('sandbox') as SandboxPaymentProvider;

  beforeAll(async () => {
    clock = new Date();
    database = await openTestDb(backend);
    a = await instance(database);
  }, 60_000);
  afterAll(async () => {
    await a?.app.close();
    await database?.close();
  });

  /** A paid order cancelled first: the payment is late and its refund is recorded, pending. */
  async function lateRefund(on: Instance = a) {
    const { token, order, tradeNo } = await openTrade(on.app, undefined);
    expectOk(await call(on.app, { method: 'POST', url: `/_gw${policyCalls.cancelOrder.path}`, token, payload: { orderCode: order.orderCode } }));
    expect((await pressCashier(on.app, tradeNo)).statusCode).toBeLessThan(400);
    await settledProviders(on.handles);
    const [row] = await on.db
      .select({ refund: refunds })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.tradeNo, tradeNo));
    expect(row?.refund).toMatchObject({ status: 'pending', reason: 'latePayment' });
    return { token, order, tradeNo, refund: row!.refund };
  }
  const refundRow = async (id: number) => (await db().select().from(refunds).where(eq(refunds.id, id)))[0]!;
  const detailOf = async (token: string, applicationFormCode: string) =>
    expectOk(await call<AppDetail>(a.app, { method: 'POST', url: `/_gw${policyCalls.searchAppDetailPro.path}`, token, payload: { applicationFormCode } }));
  /** Every refund due now is done first, so that each case sees only its own. */
  const drain = async () => {
    const script = new RefundScript();
    script.install(sandboxOf(a));
    later(RETRY_BASE_MS * 1000);
    await a.handles.refundPayouts.runOnce();
  };

  it('sends a refund once with its stable number, and the parent sees it refunded', async () => {
    await drain();
    const { token, order, refund } = await lateRefund();
    expect(refund.refundNo).toBe(`RF${String(refund.id).padStart(12, '0')}`);
    expect((await detailOf(token, order.applicationFormCode)).refunds).toEqual([{ status: 'pending', amount: order.amount, refundedAt: null }]);
    const script = new RefundScript();
    script.install(sandboxOf(a));
    expect(await a.handles.refundPayouts.runOnce()).toMatchObject({ succeeded: 1 });
    const shown = (await detailOf(token, order.applicationFormCode)).refunds;
    expect(shown).toEqual([{ status: 'succeeded', amount: order.amount, refundedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) }]);
    expect(await a.handles.refundPayouts.runOnce()).toMatchObject({ succeeded: 0, processing: 0 });
    later(RETRY_MAX());
    await a.handles.refundPayouts.runOnce();
    expect(script.sent).toEqual([refund.refundNo]);
    expect(await refundRow(refund.id)).toMatchObject({ status: 'succeeded', platformRefundNo: 'PR1', nextAttemptAt: null, attempts: 1 });
  }, 60_000);

  it('tries a network failure again after a growing, jittered wait, then succeeds', async () => {
    await drain();
    const { refund } = await lateRefund();
    const script = new RefundScript();
    script.sends = [new OutboundError('connect ECONNRESET', true, 'network'), new OutboundError('HTTP 502', true, 'http-502'), { state: 'succeeded' }];
    script.install(sandboxOf(a));
    const random = () => 0; // the shortest wait of each step: half the ceiling
    const start = clock.getTime();
    expect(await a.handles.refundPayouts.runOnce({ random })).toMatchObject({ retried: 1 });
    const first = await refundRow(refund.id);
    expect(first).toMatchObject({ status: 'pending', lastError: 'connect ECONNRESET', attempts: 1 });
    expect(first.nextAttemptAt!.getTime() - start).toBe(RETRY_BASE_MS / 2);
    // Not due yet: nothing is sent.
    expect(await a.handles.refundPayouts.runOnce({ random })).toMatchObject({ retried: 0 });
    later(RETRY_BASE_MS / 2);
    await a.handles.refundPayouts.runOnce({ random });
    const second = await refundRow(refund.id);
    expect(second.nextAttemptAt!.getTime() - clock.getTime()).toBe(RETRY_BASE_MS);
    later(RETRY_BASE_MS);
    expect(await a.handles.refundPayouts.runOnce({ random })).toMatchObject({ succeeded: 1 });
    expect(script.sent).toEqual([refund.refundNo, refund.refundNo, refund.refundNo]);
    expect(await refundRow(refund.id)).toMatchObject({ status: 'succeeded', lastError: null, attempts: 3 });
  }, 60_000);

  it('records a business refusal in the platform’s words and never sends it again; the parent is told to call', async () => {
    await drain();
    const { token, order, refund } = await lateRefund();
    // The sandbox's own rule: an amount above what the trade collected is refused.
    await db().update(refunds).set({ amountFen: refund.amountFen + 1 }).where(eq(refunds.id, refund.id));
    const sandbox = sandboxOf(a);
    const { refund: sandboxRefund } = Object.getPrototypeOf(sandbox) as SandboxPaymentProvider;
    sandbox.refund = sandboxRefund.bind(sandbox);
    expect(await a.handles.refundPayouts.runOnce()).toMatchObject({ failed: 1 });
    expect(await refundRow(refund.id)).toMatchObject({ status: 'failed', refusedReason: 'REFUND_AMOUNT_EXCEEDED: 退款金额超过交易金额', nextAttemptAt: null });
    expect((await detailOf(token, order.applicationFormCode)).refunds).toMatchObject([{ status: 'failed', refundedAt: null }]);
    later(RETRY_MAX());
    expect(await a.handles.refundPayouts.runOnce()).toMatchObject({ failed: 0, succeeded: 0, retried: 0 });
    expect((await listFailedRefunds(db())).map((r) => r.refundNo)).toContain(refund.refundNo);
  }, 60_000);

  it('asks about an accepted refund until the sandbox says it succeeded', async () => {
    await drain();
    const { refund } = await lateRefund();
    const sandbox = sandboxOf(a);
    const proto = Object.getPrototypeOf(sandbox) as SandboxPaymentProvider;
    sandbox.refund = proto.refund.bind(sandbox);
    sandbox.queryRefund = proto.queryRefund.bind(sandbox);
    const before = sandbox.refunds.size;
    expect(await a.handles.refundPayouts.runOnce()).toMatchObject({ processing: 1 });
    expect(await refundRow(refund.id)).toMatchObject({ status: 'processing', platformRefundNo: `SBX${refund.refundNo}` });
    later(RETRY_BASE_MS);
    expect(await a.handles.refundPayouts.runOnce()).toMatchObject({ succeeded: 1 });
    expect(sandbox.refunds.size).toBe(before + 1);
    expect(await refundRow(refund.id)).toMatchObject({ status: 'succeeded' });
  }, 60_000);

  it('finishes after a restart mid-way without sending the refund again', async () => {
    await drain();
    const { refund } = await lateRefund();
    const script = new RefundScript();
    script.sends = [{ state: 'processing', platformRefundNo: 'PR9' }];
    script.install(sandboxOf(a));
    await a.handles.refundPayouts.runOnce();
    expect(await refundRow(refund.id)).toMatchObject({ status: 'processing' });
    // The process stops; another one starts on the same database.
    const restarted = await instance(database);
    try {
      script.install(sandboxOf(restarted));
      later(RETRY_BASE_MS);
      expect(await restarted.handles.refundPayouts.runOnce()).toMatchObject({ succeeded: 1 });
    } finally {
      await restarted.app.close();
    }
    expect(script.sent).toEqual([refund.refundNo]);
    expect(script.asked).toEqual([refund.refundNo]);
  }, 60_000);

  it('sends each refund once when two runs (two instances on one database) go at the same time', async () => {
    await drain();
    // On PostgreSQL the second instance has a pool of its own, as a second server would.
    const scratch = backend === 'postgres' ? await throwAwayDatabase(process.env.DATABASE_URL!, 'edu_refunds') : undefined;
    const first = scratch ? await openDb({ databaseUrl: scratch.url, dataDir: '.', poolSize: 5 }) : database;
    const second = scratch ? await openDb({ databaseUrl: scratch.url, dataDir: '.', poolSize: 5 }) : database;
    const one = scratch ? await instance(first) : a;
    const two = await instance(second);
    try {
      const made = [];
      for (let i = 0; i < 4; i++) made.push(await lateRefund(one));
      const script = new RefundScript();
      script.delayMs = 30;
      script.install(sandboxOf(one));
      script.install(sandboxOf(two));
      await Promise.all([one.handles.refundPayouts.runOnce(), two.handles.refundPayouts.runOnce(), one.handles.refundPayouts.runOnce()]);
      expect([...script.sent].sort()).toEqual(made.map((m) => m.refund.refundNo).sort());
      const rows = await first.db.select({ status: refunds.status }).from(refunds).where(inArray(refunds.id, made.map((m) => m.refund.id)));
      expect(rows.map((r) => r.status)).toEqual(made.map(() => 'succeeded'));
    } finally {
      await two.app.close();
      if (scratch) {
        await one.app.close();
        await first.close();
        await second.close();
        await scratch.drop();
      }
    }
  }, 120_000);

  it('applies a refund notification once; a replay or a late contrary one changes nothing', async () => {
    await drain();
    const { tradeNo, refund } = await lateRefund();
    const script = new RefundScript();
    script.sends = [{ state: 'processing' }];
    script.install(sandboxOf(a));
    await a.handles.refundPayouts.runOnce();
    const deps = { db: db(), now, payments: a.handles.providers.payments };
    const notification = { notifyId: `test:${refund.refundNo}`, refundNo: refund.refundNo, tradeNo, state: 'succeeded' as const };
    expect(await applyRefundNotification(deps, 'sandbox', notification, '{}')).toBe('applied');
    expect(await applyRefundNotification(deps, 'sandbox', notification, '{}')).toBe('duplicate');
    expect(await applyRefundNotification(deps, 'sandbox', { ...notification, notifyId: 'test:other', state: 'refused', reason: 'x' }, '{}')).toBe('unknown');
    expect(await applyRefundNotification(deps, 'wechat', { ...notification, notifyId: 'test:wechat' }, '{}')).toBe('unknown');
    expect(await refundRow(refund.id)).toMatchObject({ status: 'succeeded', refusedReason: null });
    // The job's next look finds nothing to do.
    later(RETRY_MAX());
    await a.handles.refundPayouts.runOnce();
    expect(script.asked).toEqual([]);
  }, 60_000);

  it('lets the operator send a failed refund again under the same number', async () => {
    await drain();
    const { refund } = await lateRefund();
    const script = new RefundScript();
    script.sends = [{ state: 'refused', reason: 'ACQ.SELLER_BALANCE_NOT_ENOUGH: 卖家余额不足' }, { state: 'succeeded' }];
    script.install(sandboxOf(a));
    await a.handles.refundPayouts.runOnce();
    expect(await refundRow(refund.id)).toMatchObject({ status: 'failed', refusedReason: 'ACQ.SELLER_BALANCE_NOT_ENOUGH: 卖家余额不足' });
    expect(await retryRefund(db(), refund.refundNo, clock)).toBe(true);
    // Only a failed refund goes back: a second retry finds it pending.
    expect(await retryRefund(db(), refund.refundNo, clock)).toBe(false);
    expect(await a.handles.refundPayouts.runOnce()).toMatchObject({ succeeded: 1 });
    expect(script.sent).toEqual([refund.refundNo, refund.refundNo]);
    expect(await refundRow(refund.id)).toMatchObject({ status: 'succeeded', refusedReason: null });
  }, 60_000);
});

/** Past the longest wait of the job. */
const RETRY_MAX = () => 7 * 3_600_000;
