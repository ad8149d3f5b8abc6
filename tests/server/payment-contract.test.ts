/**
 * One contract for every payment channel: the same tests run against the
 * WeChat Pay and Alipay sandboxes and against the real adapters (wechat:v3,
 * alipay:openapi) pointed at their protocol-faithful fakes, through the
 * app's HTTP API. Open a trade; the payer pays; the platform's
 * notification, delivered twice, pays the order once; a forged one and one
 * of another amount are refused and change nothing; money arriving after
 * the order was cancelled is a late payment with its refund; a surrender's
 * refund is paid back through the channel. The query and close paths and
 * the refund notification are the real platforms' (a sandbox knows its own
 * trades and finishes its refunds when asked), so they run for the real
 * adapters only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, GW } from '../../src/contract/define-call.ts';
import { paymentCalls } from '../../src/contract/payment.ts';
import { policyCalls, type AppDetail } from '../../src/contract/policy.ts';
import { readAlipaySettings } from '../../src/server/providers/payment/alipay-settings.ts';
import { readWechatPaySettings } from '../../src/server/providers/payment/wechat-v3-settings.ts';
import { startAlipayFake, type AlipayFake } from '../fakes/alipay-openapi-fake.ts';
import { startWechatMpFake, type WechatMpFake } from '../fakes/wechat-mp-fake.ts';
import { startWechatPayFake, type WechatPayFake } from '../fakes/wechat-pay-v3-fake.ts';
import {
  backends,
  call,
  CountingInsurer,
  expectOk,
  getResubToken,
  login,
  makeTestApp,
  orderDetail,
  submitOrder,
  testConfig,
  validApplication,
  XUZHOU,
  type Backend,
  type Session,
  type TestApp,
} from './helpers.ts';
import { encodeFor, freePort, openChannelTrade, paymentOf, until } from './payment-channels-support.ts';
import { eq } from 'drizzle-orm';
import { payments } from '../../src/server/db/schema.ts';

interface Posted {
  body: string;
  headers: Record<string, string>;
}

/** How a test drives one channel: the app configured for it, and the platform's side. */
interface ChannelDriver {
  label: string;
  channel: 'wechat' | 'alipay';
  /** Whether the platform is asked about trades and closes them (the real adapters). */
  real: boolean;
  start(backend: Backend, now: () => Date): Promise<TestApp>;
  openTrade(t: TestApp, session: Session, order: { orderCode: string; applicationFormCode: string }): Promise<string>;
  /** The payer pays on the platform, which does not notify by itself (the test delivers). */
  pay(tradeNo: string): Promise<void>;
  /** The platform's notification of a paid trade: genuine, tampered after signing, or genuinely signed for another amount. */
  notification(t: TestApp, trade: { tradeNo: string; amountFen: number }, kind: 'genuine' | 'forged' | 'otherAmount'): Promise<Posted>;
  /** The platform closed the trade (real adapters). */
  closed?(tradeNo: string): boolean;
  /** The platform finishes the refunds it accepted, telling the app by notification where it does. */
  settleRefunds?(): Promise<void>;
  stop(): Promise<void>;
}

const APPID = 'wxfa4efa4efa4efa4e';
const SECRET = 'fa4efa4efa4efa4efa4efa4efa4efa4e';

/** A signed form or JSON body with one field changed after signing (the signature no longer matches). */
function tampered(encoded: Posted, channel: 'wechat' | 'alipay'): Posted {
  if (channel === 'alipay') {
    const params = new URLSearchParams(encoded.body);
    params.set('total_amount', '0.01');
    return { ...encoded, body: params.toString() };
  }
  const event = JSON.parse(encoded.body) as { summary: string };
  event.summary = `${event.summary} `;
  return { ...encoded, body: JSON.stringify(event) };
}

function sandboxDriver(channel: 'wechat' | 'alipay'): ChannelDriver {
  return {
    label: `${channel} sandbox`,
    channel,
    real: false,
    start: (backend, now) => makeTestApp({ backend, insurer: new CountingInsurer(), now }),
    openTrade: (t, session, order) => openChannelTrade(t, session.token, channel, order),
    pay: async () => undefined,
    async notification(t, trade, kind) {
      const encoded = await encodeFor(t, channel, paymentOf({ tradeNo: trade.tradeNo, amountFen: kind === 'otherAmount' ? 1 : trade.amountFen }));
      const posted = { body: encoded.body, headers: { ...encoded.headers, 'content-type': encoded.contentType } };
      return kind === 'forged' ? tampered(posted, channel) : posted;
    },
    stop: async () => undefined,
  };
}

/** The app with `channel` on its real implementation, listening on loopback (the fake posts its notifications there). */
async function listeningAppWith(backend: Backend, now: () => Date, channel: string, implementation: string, paymentSettings: TestApp['config']['paymentSettings']): Promise<TestApp> {
  const port = await freePort();
  const channels = testConfig().providers.paymentChannels.map((c) => (c.channel === channel ? { channel, implementation } : c));
  const t = await makeTestApp({ backend, insurer: new CountingInsurer(), now, config: { publicUrl: `http://127.0.0.1:${port}`, providers: { ...testConfig().providers, paymentChannels: channels }, paymentSettings } });
  await t.app.listen({ port, host: '127.0.0.1' });
  return t;
}

function wechatV3Driver(): ChannelDriver {
  let fake: WechatPayFake;
  let mp: WechatMpFake;
  return {
    label: 'wechat:v3 on the WeChat Pay fake',
    channel: 'wechat',
    real: true,
    async start(backend, now) {
      fake = await startWechatPayFake({ appId: APPID, retryMs: 20, lateMs: 200, notifyMode: 'never' });
      mp = await startWechatMpFake(APPID, SECRET);
      const { settings } = readWechatPaySettings({ ...fake.env(), WECHAT_MP_SECRET: SECRET, WECHAT_API_BASE: mp.apiBase });
      return listeningAppWith(backend, now, 'wechat', 'v3', { wechat: settings });
    },
    async openTrade(t, session, order) {
      return expectOk(await call<{ tradeNo: string }>(t.app, { method: 'POST', url: paymentCalls.payOrderWapBiz.path, token: session.token, payload: { orderCode: order.orderCode } })).tradeNo;
    },
    async pay(tradeNo) {
      fake.pay(tradeNo);
    },
    async notification(_t, trade, kind) {
      const posted = fake.paymentNotification(trade.tradeNo, kind === 'otherAmount' ? { fields: { amount: { total: 1, payer_total: 1, currency: 'CNY' } } } : {});
      const withType = { body: posted.body, headers: { ...posted.headers, 'content-type': 'application/json' } };
      return kind === 'forged' ? tampered(withType, 'wechat') : withType;
    },
    closed: (tradeNo) => fake.trades.get(tradeNo)?.state === 'CLOSED',
    async settleRefunds() {
      fake.notifyMode = 'prompt';
      for (const refund of fake.refunds.values()) if (refund.status === 'PROCESSING') fake.settleRefund(refund.outRefundNo);
      fake.notifyMode = 'never';
      await fake.settled();
    },
    async stop() {
      await fake?.close();
      await mp?.close();
    },
  };
}

function alipayOpenapiDriver(): ChannelDriver {
  let fake: AlipayFake;
  return {
    label: 'alipay:openapi on the Alipay fake',
    channel: 'alipay',
    real: true,
    async start(backend, now) {
      fake = await startAlipayFake({ retryMs: 20, lateMs: 200, notifyMode: 'never' });
      return listeningAppWith(backend, now, 'alipay', 'openapi', { alipay: readAlipaySettings(fake.env()).settings });
    },
    async openTrade(t, session, order) {
      const { payUrl } = expectOk(await call<{ payUrl: string }>(t.app, { method: 'GET', url: `${paymentCalls.payUrl.path}?appCode=${order.applicationFormCode}&channel=alipay`, token: session.token }));
      // The browser opens Alipay's cashier, which opens the trade there.
      expect((await fetch(payUrl)).status).toBe(200);
      return String((JSON.parse(new URL(payUrl).searchParams.get('biz_content') ?? '{}') as { out_trade_no?: string }).out_trade_no);
    },
    async pay(tradeNo) {
      fake.pay(tradeNo);
    },
    async notification(_t, trade, kind) {
      const body = fake.notificationBody(trade.tradeNo, kind === 'otherAmount' ? { fields: { total_amount: '0.01', receipt_amount: '0.01', buyer_pay_amount: '0.01' } } : {});
      const posted = { body, headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' } };
      return kind === 'forged' ? tampered(posted, 'alipay') : posted;
    },
    closed: (tradeNo) => fake.trades.get(tradeNo)?.status === 'TRADE_CLOSED',
    async stop() {
      await fake?.close();
    },
  };
}

const DRIVERS: (() => ChannelDriver)[] = [() => sandboxDriver('wechat'), wechatV3Driver, () => sandboxDriver('alipay'), alipayOpenapiDriver];

describe.each(backends)('the payment channel contract (%s)', (backend) => {
  describe.each(DRIVERS.map((make) => [make().label, make] as const))('%s', (_label, make) => {
    const driver = make();
    let t: TestApp;
    let session: Session;
    let offsetMs = 0;

    beforeAll(async () => {
      t = await driver.start(backend, () => new Date(Date.now() + offsetMs));
      session = await login(t.app);
    });
    afterAll(async () => {
      await t?.close();
      await driver.stop();
    });

    const statusOf = async (orderCode: string) => expectOk(await orderDetail(t.app, session.token, orderCode)).status;
    const post = async (posted: Posted) => {
      const response = await t.app.inject({ method: 'POST', url: GW + fillPath(paymentCalls.payNotify.path, { provider: driver.channel }), payload: posted.body, headers: posted.headers });
      return { status: response.statusCode, acknowledged: response.statusCode < 300 && (driver.channel !== 'alipay' || response.body === 'success') };
    };
    const detailOf = async (applicationFormCode: string) =>
      expectOk(await call<AppDetail>(t.app, { method: 'POST', url: policyCalls.searchAppDetailPro.path, token: session.token, payload: { applicationFormCode } }));
    async function withClock<T>(ms: number, run: () => Promise<T>): Promise<T> {
      offsetMs = ms;
      try {
        return await run();
      } finally {
        offsetMs = 0;
      }
    }
    async function openOrder() {
      const order = await submitOrder(t.app, session.token, validApplication(XUZHOU));
      const tradeNo = await driver.openTrade(t, session, order);
      return { order, trade: { tradeNo, amountFen: Math.round(order.amount * 100) } };
    }
    async function paidOrder() {
      const opened = await openOrder();
      await driver.pay(opened.trade.tradeNo);
      expect((await post(await driver.notification(t, opened.trade, 'genuine'))).acknowledged).toBe(true);
      await t.settled();
      await until(async () => (await statusOf(opened.order.orderCode)) === 'waitInsurance', 'the notification to pay the order');
      return opened;
    }

    it('pays the order from the platform’s notification once, though it is delivered twice', async () => {
      const { order, trade } = await openOrder();
      await driver.pay(trade.tradeNo);
      const notification = await driver.notification(t, trade, 'genuine');
      expect((await post(notification)).acknowledged).toBe(true);
      expect((await post(notification)).acknowledged).toBe(true);
      await t.settled();
      await until(async () => (await statusOf(order.orderCode)) === 'waitInsurance', 'the notification to pay the order');
      const detail = await detailOf(order.applicationFormCode);
      expect(detail.history.filter((h) => h.to === 'waitIssue')).toHaveLength(1);
      expect(detail.refunds).toEqual([]);
    });

    it('refuses a forged notification and one of another amount, and the order stays unpaid', async () => {
      const { order, trade } = await openOrder();
      await driver.pay(trade.tradeNo);
      for (const kind of ['forged', 'otherAmount'] as const) {
        const answer = await post(await driver.notification(t, trade, kind));
        expect(answer.acknowledged, kind).toBe(false);
        expect(answer.status, kind).toBeLessThan(500);
      }
      expect(await statusOf(order.orderCode)).toBe('toBePaid');
    });

    it('records money that arrives after the order was cancelled as a late payment, and refunds it', async () => {
      const { order, trade } = await openOrder();
      // Paid on the platform as the parent cancels: the trade can no longer be closed, its notification comes after.
      await driver.pay(trade.tradeNo);
      expectOk(await call(t.app, { method: 'POST', url: policyCalls.cancelOrder.path, token: session.token, payload: { orderCode: order.orderCode } }));
      expect((await post(await driver.notification(t, trade, 'genuine'))).acknowledged).toBe(true);
      await t.settled();
      expect(await statusOf(order.orderCode)).toBe('cancel');
      const detail = await detailOf(order.applicationFormCode);
      expect(detail.refunds.map((r) => [r.status, Math.round(r.amount * 100)])).toEqual([['pending', trade.amountFen]]);
    });

    it('pays a surrendered policy’s refund back through the channel, once', async () => {
      const { order } = await paidOrder();
      const { policyNo } = expectOk(await orderDetail(t.app, session.token, order.orderCode));
      const resub = await getResubToken(t.app, session.token);
      expectOk(await call(t.app, { method: 'POST', url: policyCalls.submitEndors.path, token: session.token, headers: { 'x-resub-token': resub }, payload: { policyNo, endorType: 'surrender' } }));
      // Sent now; asked about again after its wait where the channel has not finished it (the sandboxes, when asked).
      // A real platform signs with its own clock, so the app's clock moves only for the sandboxes.
      for (let round = 0; round < 4; round++) {
        await withClock(driver.real ? 0 : round * 3 * 3_600_000, () => t.handles.refundPayouts.runOnce({ random: () => 0 }));
        if ((await detailOf(order.applicationFormCode)).refunds[0]?.status === 'succeeded') break;
        await driver.settleRefunds?.();
      }
      const refunds = (await detailOf(order.applicationFormCode)).refunds;
      expect(refunds.map((r) => [r.status, r.amount])).toEqual([['succeeded', order.amount]]);
      expect(await t.handles.refundPayouts.runOnce()).toEqual({ succeeded: 0, processing: 0, failed: 0, retried: 0 });
    });

    it.runIf(driver.settleRefunds !== undefined)('marks a refund paid back from the platform’s refund notification alone, before any query', async () => {
      const { order } = await paidOrder();
      const { policyNo } = expectOk(await orderDetail(t.app, session.token, order.orderCode));
      const resub = await getResubToken(t.app, session.token);
      expectOk(await call(t.app, { method: 'POST', url: policyCalls.submitEndors.path, token: session.token, headers: { 'x-resub-token': resub }, payload: { policyNo, endorType: 'surrender' } }));
      expect(await t.handles.refundPayouts.runOnce({ random: () => 0 })).toMatchObject({ processing: 1 });
      expect((await detailOf(order.applicationFormCode)).refunds.map((r) => r.status)).toEqual(['processing']);
      await driver.settleRefunds!();
      await t.settled();
      await until(async () => (await detailOf(order.applicationFormCode)).refunds[0]?.status === 'succeeded', 'the refund notification to mark the refund paid');
      expect(await t.handles.refundPayouts.runOnce()).toEqual({ succeeded: 0, processing: 0, failed: 0, retried: 0 });
    });

    it.runIf(driver.real)('pays the order from the query path when the platform never notifies', async () => {
      const { order, trade } = await openOrder();
      await driver.pay(trade.tradeNo);
      expect(await t.handles.pendingTrades.runOnce()).toBe(0);
      // (At least this one: the trade of the refused notifications was paid on the platform too.)
      expect(await withClock(2 * 60_000, () => t.handles.pendingTrades.runOnce())).toBeGreaterThanOrEqual(1);
      await t.settled();
      await until(async () => (await statusOf(order.orderCode)) === 'waitInsurance', 'the queried payment to pay the order');
      // The notification that comes after all is a repeat.
      expect((await post(await driver.notification(t, trade, 'genuine'))).acknowledged).toBe(true);
      expect((await detailOf(order.applicationFormCode)).history.filter((h) => h.to === 'waitIssue')).toHaveLength(1);
    });

    it.runIf(driver.real)('closes the unpaid trade on the platform as the parent cancels the order, leaving the sweep nothing', async () => {
      const { order, trade } = await openOrder();
      expectOk(await call(t.app, { method: 'POST', url: policyCalls.cancelOrder.path, token: session.token, payload: { orderCode: order.orderCode } }));
      expect(driver.closed?.(trade.tradeNo)).toBe(true);
      expect(await withClock(2 * 60_000, () => t.handles.pendingTrades.runOnce())).toBe(0);
      const [row] = await t.database.db.select({ status: payments.status }).from(payments).where(eq(payments.tradeNo, trade.tradeNo));
      expect(row?.status).toBe('failed');
    });
  });
});
