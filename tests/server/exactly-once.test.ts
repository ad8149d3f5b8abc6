/**
 * Exactly once under retries, replays and concurrency, on
 * PGlite and on PostgreSQL when DATABASE_URL is set: one order per serial,
 * one applied payment per order, every refused notification changes nothing,
 * and money that cannot apply is recorded for a refund.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationForms, orders, paymentNotifications, payments, refunds } from '../../src/server/db/schema.ts';
import { MSG_SERIAL_OTHER_BODY } from '../../src/server/orders/submit-order.ts';
import { AlipayProvider, generateAlipayKeys } from '../../src/server/providers/payment/alipay-provider.ts';
import { generateJdKeys, JdPayProvider } from '../../src/server/providers/payment/jd-pay-provider.ts';
import { signSandboxNotification } from '../../src/server/providers/payment/sandbox-notification.ts';
import { generateWechatKeys, WechatPayProvider } from '../../src/server/providers/payment/wechat-pay-provider.ts';
import { SandboxInsurerProvider } from '../../src/server/providers/insurer/sandbox-insurer-provider.ts';
import type { InsurerProvider, IssueRequest } from '../../src/server/providers/insurer/insurer-provider.ts';
import { CHANNELS, deliver, encodeFor, openChannelTrade, orderWithTrade, paymentOf, type Channel } from './payment-channels-support.ts';
import {
  backends,
  expectOk,
  getResubToken,
  getSerial,
  login,
  makeTestApp,
  orderDetail,
  postOrder,
  type Session,
  submitOrder,
  type TestApp,
  validApplication,
  XUZHOU,
  JINING,
} from './helpers.ts';

class CountingInsurer implements InsurerProvider {
  readonly issued: string[] = [];
  failNext = new Set<string>();
  private readonly inner = new SandboxInsurerProvider();
  async issue(request: IssueRequest) {
    this.issued.push(request.applicationFormCode);
    if (this.failNext.has(request.applicationFormCode)) throw new Error('refused');
    return this.inner.issue(request);
  }
}

describe.each(backends)('exactly once (%s)', (backend) => {
  let t: TestApp;
  let insurer: CountingInsurer;
  let user: Session;

  beforeAll(async () => {
    insurer = new CountingInsurer();
    t = await makeTestApp({ backend, insurer });
    user = await login(t.app);
  }, 60_000);
  afterAll(() => t.close());

  const db = () => t.database.db;
  const orderRow = async (orderCode: string) => (await db().select().from(orders).where(eq(orders.orderCode, orderCode)))[0]!;
  const paymentsOf = async (orderId: number) => db().select().from(payments).where(eq(payments.orderId, orderId));
  const refundsOf = async (orderId: number) => db().select().from(refunds).where(eq(refunds.orderId, orderId));
  const notificationsOf = async (tradeNo: string) =>
    (await db().select({ n: count() }).from(paymentNotifications).where(eq(paymentNotifications.tradeNo, tradeNo)))[0]!.n;

  it('makes one order of 50 concurrent submissions with one serial; each caller gets it or a clear refusal', async () => {
    const serial = await getSerial(t.app, user.token);
    const form = validApplication(JINING);
    const tokens = [];
    for (let i = 0; i < 50; i++) tokens.push(await getResubToken(t.app, user.token));
    const results = await Promise.all(tokens.map((resubToken) => postOrder(t.app, user.token, { serial, form, resubToken })));
    const created = results.filter((r) => r.body.code === '0000');
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map((r) => r.body.data!.body.order.code)).size).toBe(1);
    for (const refused of results.filter((r) => r.body.code !== '0000')) {
      // A refusal is a business answer with a message, never a server error.
      expect(refused.status).toBe(200);
      expect(refused.body.code).toMatch(/^4\d{3}$/);
      expect(refused.body.msg.length).toBeGreaterThan(0);
    }
    const rows = await db().select({ n: count() }).from(orders).where(eq(orders.idempotentSerialNo, serial));
    expect(rows[0]!.n).toBe(1);
  }, 120_000);

  it('refuses the same serial with another body, sequentially and concurrently', async () => {
    const serial = await getSerial(t.app, user.token);
    const first = expectOk(await postOrder(t.app, user.token, { serial, form: validApplication(JINING) }));
    const other = await postOrder(t.app, user.token, { serial, form: validApplication(JINING) });
    expect(other.body).toEqual({ code: '4001', msg: MSG_SERIAL_OTHER_BODY, data: null });

    const raced = await getSerial(t.app, user.token);
    const [a, b] = await Promise.all([
      postOrder(t.app, user.token, { serial: raced, form: validApplication(JINING) }),
      postOrder(t.app, user.token, { serial: raced, form: validApplication(JINING) }),
    ]);
    expect([a.body.code, b.body.code].sort()).toEqual(['0000', '4001']);
    const rows = await db().select({ n: count() }).from(orders).where(inArray(orders.idempotentSerialNo, [serial, raced]));
    expect(rows[0]!.n).toBe(2);
    expect(first.body.order.code).toBeTruthy();
  }, 60_000);

  it('refuses a reused X-RESUB-TOKEN and makes no order for it', async () => {
    const resubToken = await getResubToken(t.app, user.token);
    expectOk(await postOrder(t.app, user.token, { serial: await getSerial(t.app, user.token), form: validApplication(JINING), resubToken }));
    const serial = await getSerial(t.app, user.token);
    const reused = await postOrder(t.app, user.token, { serial, form: validApplication(JINING), resubToken });
    expect(reused.body.code).toBe('4009');
    expect((await db().select({ n: count() }).from(orders).where(eq(orders.idempotentSerialNo, serial)))[0]!.n).toBe(0);
  }, 60_000);

  describe.each(CHANNELS)('%s notifications', (channel: Channel) => {
    it('applies one payment notification replayed 20 times, some concurrently, once', async () => {
      const { order, tradeNo, amountFen } = await orderWithTrade(t, user.token, channel);
      const encoded = await encodeFor(t, channel, paymentOf({ tradeNo, amountFen }));
      const sequential = [];
      for (let i = 0; i < 5; i++) sequential.push(await deliver(t, channel, encoded));
      const concurrent = await Promise.all(Array.from({ length: 15 }, () => deliver(t, channel, encoded)));
      for (const answer of [...sequential, ...concurrent]) expect(answer).toMatchObject({ acknowledged: true });
      const row = await orderRow(order.orderCode);
      expect(row.status).not.toBe('toBePaid');
      const paid = await paymentsOf(row.id);
      expect(paid.filter((p) => p.status === 'succeeded')).toHaveLength(1);
      expect(await notificationsOf(tradeNo)).toBe(1);
      expect(insurer.issued.filter((c) => c === order.applicationFormCode)).toHaveLength(1);
      expect(await refundsOf(row.id)).toHaveLength(0);
    }, 60_000);

    it('refuses a forged signature, a wrong amount and an unknown trade, changing nothing', async () => {
      const { order, tradeNo, amountFen } = await orderWithTrade(t, user.token, channel);
      const before = await orderRow(order.orderCode);
      const forged = await forgedNotification(channel, { tradeNo, amountFen });
      const wrongAmount = await encodeFor(t, channel, paymentOf({ tradeNo, amountFen: amountFen + 1 }));
      const unknown = await encodeFor(t, channel, paymentOf({ tradeNo: `${tradeNo}X`, amountFen }));
      for (const [bad, wechatStatus] of [[forged, 401], [wrongAmount, 400], [unknown, 404]] as const) {
        const answer = await deliver(t, channel, bad);
        expect(answer.acknowledged).toBe(false);
        // Refused in the channel's own style.
        if (channel === 'wechat') expect({ status: answer.status, body: JSON.parse(answer.text) as unknown }).toMatchObject({ status: wechatStatus, body: { code: 'FAIL' } });
        if (channel === 'alipay' || channel === 'jd') expect(answer.text).toBe('fail');
      }
      // A tampered body under a genuine signature.
      const genuine = await encodeFor(t, channel, paymentOf({ tradeNo, amountFen }));
      const tampered = { ...genuine, body: tamper(channel, genuine.body) };
      expect((await deliver(t, channel, tampered)).acknowledged).toBe(false);
      expect(await orderRow(order.orderCode)).toEqual(before);
      expect((await paymentsOf(before.id)).map((p) => p.status)).toEqual(['pending']);
      expect(await notificationsOf(tradeNo)).toBe(0);
      expect(await notificationsOf(`${tradeNo}X`)).toBe(0);
      expect(await refundsOf(before.id)).toHaveLength(0);
    }, 60_000);

    it('records money for a timed-out order as a pending refund, never applying or dropping it', async () => {
      const { order, tradeNo, amountFen } = await orderWithTrade(t, user.token, channel);
      const late = new Date(Date.now() + (t.config.paymentTimeoutMinutes + 1) * 60_000);
      const answer = await deliver(t, channel, await encodeFor(t, channel, paymentOf({ tradeNo, amountFen }, { paidAt: late })));
      expect(answer.acknowledged).toBe(true);
      const row = await orderRow(order.orderCode);
      // Money taken after the order's pay deadline times the order out (the lifecycle), never pays it.
      expect(row.status).toBe('paymentTimeout');
      expect((await paymentsOf(row.id)).map((p) => p.status)).toEqual(['late']);
      expect(await refundsOf(row.id)).toMatchObject([{ reason: 'latePayment', status: 'pending', amountFen }]);
    }, 60_000);
  });

  it('records money for a cancelled order as a pending refund and leaves the order cancelled', async () => {
    const { order, tradeNo, amountFen } = await orderWithTrade(t, user.token, 'jd');
    // Cancelled by the policy lifecycle (another area) while the payer was at the cashier.
    await db().update(orders).set({ status: 'cancel' }).where(eq(orders.orderCode, order.orderCode));
    await db().update(applicationForms).set({ status: 'cancel' }).where(eq(applicationForms.applicationFormCode, order.applicationFormCode));
    expect((await deliver(t, 'jd', await encodeFor(t, 'jd', paymentOf({ tradeNo, amountFen })))).acknowledged).toBe(true);
    const row = await orderRow(order.orderCode);
    expect(row.status).toBe('cancel');
    expect((await paymentsOf(row.id)).map((p) => p.status)).toEqual(['late']);
    expect(await refundsOf(row.id)).toMatchObject([{ reason: 'latePayment', status: 'pending', amountFen }]);
    expect(insurer.issued).not.toContain(order.applicationFormCode);
  }, 60_000);

  it('refunds the second of two channels that both took money for one order', async () => {
    const order = await submitOrder(t.app, user.token, validApplication(XUZHOU));
    const amountFen = Math.round(order.amount * 100);
    const wechatTrade = await openChannelTrade(t, user.token, 'wechat', order);
    const alipayTrade = await openChannelTrade(t, user.token, 'alipay', order);
    expect((await deliver(t, 'wechat', await encodeFor(t, 'wechat', paymentOf({ tradeNo: wechatTrade, amountFen })))).acknowledged).toBe(true);
    expect((await deliver(t, 'alipay', await encodeFor(t, 'alipay', paymentOf({ tradeNo: alipayTrade, amountFen })))).acknowledged).toBe(true);
    const row = await orderRow(order.orderCode);
    const byTrade = Object.fromEntries((await paymentsOf(row.id)).map((p) => [p.tradeNo, p.status]));
    expect(byTrade).toEqual({ [wechatTrade]: 'succeeded', [alipayTrade]: 'duplicate' });
    expect(await refundsOf(row.id)).toMatchObject([{ reason: 'duplicatePayment', status: 'pending' }]);
  }, 60_000);

  it('records a refund when the insurer refuses to issue', async () => {
    const { order, tradeNo, amountFen } = await orderWithTrade(t, user.token, 'alipay');
    insurer.failNext.add(order.applicationFormCode);
    expect((await deliver(t, 'alipay', await encodeFor(t, 'alipay', paymentOf({ tradeNo, amountFen })))).acknowledged).toBe(true);
    expect(expectOk(await orderDetail(t.app, user.token, order.orderCode)).status).toBe('issueFail');
    const row = await orderRow(order.orderCode);
    expect(await refundsOf(row.id)).toMatchObject([{ reason: 'issueFail', status: 'pending', amountFen }]);
  }, 60_000);

  it('keeps at most one successful payment and one policy per order under a random concurrent workload', async () => {
    const users = await Promise.all([1, 2, 3].map(() => login(t.app)));
    const random = seeded(backend === 'postgres' ? 7 : 11);
    // Orders with one or two open trades on random channels.
    const work: { channel: Channel; tradeNo: string; amountFen: number }[] = [];
    for (let i = 0; i < 9; i++) {
      const u = users[i % users.length]!;
      const order = await submitOrder(t.app, u.token, validApplication(XUZHOU));
      const amountFen = Math.round(order.amount * 100);
      const picked = new Set([CHANNELS[Math.floor(random() * 4)]!, CHANNELS[Math.floor(random() * 4)]!]);
      for (const channel of picked) work.push({ channel, tradeNo: await openChannelTrade(t, u.token, channel, order), amountFen });
    }
    // Notifications (each sent 1-4 times, some with a second id), a few forged, and more submissions, all at once.
    const jobs: Promise<unknown>[] = [];
    for (const w of work) {
      const encoded = await encodeFor(t, w.channel, paymentOf(w));
      const copies = 1 + Math.floor(random() * 4);
      for (let c = 0; c < copies; c++) jobs.push(deliver(t, w.channel, encoded));
      if (random() < 0.5) jobs.push(encodeFor(t, w.channel, paymentOf(w)).then((again) => deliver(t, w.channel, again)));
      if (random() < 0.3) jobs.push(forgedNotification(w.channel, w).then((forged) => deliver(t, w.channel, forged)));
    }
    for (const u of users) {
      const serial = await getSerial(t.app, u.token);
      const form = validApplication(JINING);
      for (let c = 0; c < 3; c++) jobs.push(postOrder(t.app, u.token, { serial, form }));
    }
    await Promise.all(shuffle(jobs, random));

    const perOrder = await db()
      .select({
        orderId: payments.orderId,
        succeeded: sql<number>`count(*) filter (where ${payments.status} = 'succeeded')::int`,
        unapplied: sql<number>`count(*) filter (where ${payments.status} in ('duplicate', 'late'))::int`,
      })
      .from(payments)
      .groupBy(payments.orderId);
    for (const o of perOrder) expect(o.succeeded).toBeLessThanOrEqual(1);
    const policies = await db()
      .select({ orderId: applicationForms.orderId, n: sql<number>`count(${applicationForms.policyNo})::int` })
      .from(applicationForms)
      .groupBy(applicationForms.orderId);
    for (const p of policies) expect(p.n).toBeLessThanOrEqual(1);
    // Every payment that could not apply has exactly one refund.
    const unapplied = await db().select({ id: payments.id }).from(payments).where(inArray(payments.status, ['duplicate', 'late']));
    const refunded = await db().select({ paymentId: refunds.paymentId }).from(refunds).where(and(inArray(refunds.reason, ['duplicatePayment', 'latePayment'])));
    expect(new Set(refunded.map((r) => r.paymentId))).toEqual(new Set(unapplied.map((u) => u.id)));
    // Each order was issued at most once by the insurer.
    const counts = new Map<string, number>();
    for (const code of insurer.issued) counts.set(code, (counts.get(code) ?? 0) + 1);
    for (const n of counts.values()) expect(n).toBe(1);
    // One order per serial.
    const serialDupes = await db().select({ s: orders.idempotentSerialNo, n: count() }).from(orders).groupBy(orders.idempotentSerialNo);
    for (const s of serialDupes) expect(s.n).toBe(1);
  }, 180_000);
});

/** A notification signed with keys that are not the channel's. */
const otherKeys = { wechat: generateWechatKeys(), alipay: generateAlipayKeys(), jd: generateJdKeys() };
async function forgedNotification(channel: Channel, trade: { tradeNo: string; amountFen: number }) {
  const payment = paymentOf(trade);
  const options = { baseUrl: '', notifyPath: '', post: async () => ({ status: 200, text: '' }), notifyDelayMs: 0 };
  if (channel === 'sandbox') {
    return { body: await signSandboxNotification('another-secret-0123456789abcdefghij', { ...payment, paidAt: payment.paidAt.toISOString() }), contentType: 'application/jose', headers: {} };
  }
  if (channel === 'wechat') {
    // Same API v3 key (the resource decrypts), platform signature by another key.
    const real = new WechatPayProvider(options, { ...otherKeys.wechat });
    return real.encode(payment);
  }
  if (channel === 'alipay') return new AlipayProvider(options, otherKeys.alipay).encode(payment);
  return new JdPayProvider(options, otherKeys.jd).encode(payment);
}

/** Changes the amount (or a byte) of a notification body while keeping its signature. */
function tamper(channel: Channel, body: string): string {
  if (channel === 'alipay') return body.replace(/total_amount=([0-9.]+)/, 'total_amount=0.01');
  if (channel === 'jd') return body.replace(/"amount":"(\d+)"/, '"amount":"1"');
  if (channel === 'wechat') return body.replace('"summary":"支付成功"', '"summary":"支付成功 "');
  const [h, p, s] = body.split('.');
  const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as { amountFen: number };
  payload.amountFen = 1;
  return `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
}

function seeded(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

function shuffle<T>(list: T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
