/**
 * A purchase through the app's HTTP API with PAYMENT_CHANNELS naming
 * alipay:openapi, pointed at the Alipay OpenAPI fake: the client's pay URL
 * is Alipay's cashier, the buyer pays there, and the order becomes paid
 * from Alipay's notification posted to the listening server; or, when
 * Alipay never notifies, from the query path. Money paid for an order
 * cancelled meanwhile is refunded once through alipay.trade.refund.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, GW } from '../../src/contract/define-call.ts';
import { paymentCalls } from '../../src/contract/payment.ts';
import { policyCalls } from '../../src/contract/policy.ts';
import { eq } from 'drizzle-orm';
import { orders, refunds } from '../../src/server/db/schema.ts';
import { readAlipaySettings } from '../../src/server/providers/payment/alipay-settings.ts';
import { startAlipayFake, type AlipayFake } from '../fakes/alipay-openapi-fake.ts';
import { backends, call, CountingInsurer, expectOk, login, makeTestApp, orderDetail, submitOrder, testConfig, validApplication, XUZHOU, type Session, type TestApp } from './helpers.ts';
import { freePort, until } from './payment-channels-support.ts';

describe.each(backends)('buying with alipay:openapi against the Alipay fake (%s)', (backend) => {
  let fake: AlipayFake;
  let t: TestApp;
  let insurer: CountingInsurer;
  let session: Session;
  let origin: string;
  let offsetMs = 0;

  beforeAll(async () => {
    fake = await startAlipayFake({ retryMs: 20, lateMs: 200 });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const { settings } = readAlipaySettings(fake.env());
    const channels = testConfig().providers.paymentChannels.map((c) => (c.channel === 'alipay' ? { channel: 'alipay', implementation: 'openapi' } : c));
    insurer = new CountingInsurer();
    t = await makeTestApp({
      backend,
      insurer,
      now: () => new Date(Date.now() + offsetMs),
      config: { publicUrl: origin, providers: { ...testConfig().providers, paymentChannels: channels }, paymentSettings: { alipay: settings } },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    session = await login(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const statusOf = async (orderCode: string) => expectOk(await orderDetail(t.app, session.token, orderCode)).status;
  const notifyUrl = () => `${origin}${GW}${fillPath(paymentCalls.payNotify.path, { provider: 'alipay' })}`;

  /** The client's steps: an order, its Alipay pay URL, Alipay's cashier page opened. */
  async function orderAtCashier() {
    const order = await submitOrder(t.app, session.token, validApplication(XUZHOU));
    const { payUrl } = expectOk(
      await call<{ payUrl: string }>(t.app, { method: 'GET', url: `${paymentCalls.payUrl.path}?appCode=${order.applicationFormCode}&channel=alipay`, token: session.token }),
    );
    const page = await fetch(payUrl);
    expect(await page.text()).toContain('确认支付');
    const tradeNo = String(JSON.parse(new URL(payUrl).searchParams.get('biz_content') ?? '{}').out_trade_no);
    return { order, payUrl, tradeNo };
  }

  async function pressPay(tradeNo: string) {
    const response = await fetch(`${fake.origin}/cashier/pay`, {
      method: 'POST',
      body: `out_trade_no=${tradeNo}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    return response.headers.get('location') ?? '';
  }

  const postNotification = async (body: string) =>
    (await fetch(notifyUrl(), { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' } })).text();

  it('pays the order from Alipay’s notification, once, though it arrives twice', async () => {
    const { order, payUrl, tradeNo } = await orderAtCashier();
    const url = new URL(payUrl);
    expect(url.searchParams.get('notify_url')).toBe(notifyUrl());
    expect(url.searchParams.get('return_url')).toContain(`${origin}/#/paySuccess?orderCode=${order.orderCode}`);
    fake.notifyMode = 'twice';
    const back = await pressPay(tradeNo);
    fake.notifyMode = 'prompt';
    // Alipay adds its return parameters before the hash: the page's hash route is kept.
    expect(back.startsWith(`${origin}/?`)).toBe(true);
    expect(new URL(back).hash).toContain(`#/paySuccess?orderCode=${order.orderCode}`);
    await fake.settled();
    await t.settled();
    await until(async () => (await statusOf(order.orderCode)) === 'waitInsurance', 'the order to be paid and issued');
    const answers = fake.deliveries.filter((d) => d.outTradeNo === tradeNo).map((d) => d.answer);
    expect(answers).toEqual(['success', 'success']);
    expect(insurer.issued.filter((code) => code === order.applicationFormCode)).toHaveLength(1);
  });

  it('pays from a late notification, and refuses forged, other-app and wrong-amount ones with fail', async () => {
    const { order, tradeNo } = await orderAtCashier();
    fake.notifyMode = 'late';
    // Late enough for the refusals below to be seen on an unpaid order.
    fake.lateMs = 1500;
    await pressPay(tradeNo);
    fake.notifyMode = 'prompt';
    expect(await postNotification(fake.notificationBody(tradeNo, { forge: true }))).toBe('fail');
    expect(await postNotification(fake.notificationBody(tradeNo, { fields: { app_id: '2021000000009999' } }))).toBe('fail');
    const amount = fake.trades.get(tradeNo)!.totalFen;
    const wrong = `${Math.floor(amount / 100) - 1}.00`;
    expect(await postNotification(fake.notificationBody(tradeNo, { fields: { total_amount: wrong, notify_id: 'wrong-amount-1' } }))).toBe('fail');
    expect(await statusOf(order.orderCode)).toBe('toBePaid');
    await fake.settled();
    await t.settled();
    await until(async () => (await statusOf(order.orderCode)) === 'waitInsurance', 'the late notification to pay the order');
  });

  it('pays the order from the query path when Alipay never notifies', async () => {
    const { order, tradeNo } = await orderAtCashier();
    fake.notifyMode = 'never';
    await pressPay(tradeNo);
    fake.notifyMode = 'prompt';
    // Within the first minute a trade is left to its notification.
    expect(await t.handles.pendingTrades.runOnce()).toBe(0);
    expect(await statusOf(order.orderCode)).toBe('toBePaid');
    offsetMs = 2 * 60_000;
    try {
      expect(await t.handles.pendingTrades.runOnce()).toBe(1);
    } finally {
      offsetMs = 0;
    }
    await t.settled();
    await until(async () => (await statusOf(order.orderCode)) === 'waitInsurance', 'the queried payment to pay the order');
    // The notification that finally arrives is a repeat.
    expect(await postNotification(fake.notificationBody(tradeNo))).toBe('success');
    expect(insurer.issued.filter((code) => code === order.applicationFormCode)).toHaveLength(1);
  });

  it('pays the order when the payer comes back to the payment page, though Alipay never notifies', async () => {
    const { order, tradeNo } = await orderAtCashier();
    fake.notifyMode = 'never';
    await pressPay(tradeNo);
    fake.notifyMode = 'prompt';
    const asked = () => fake.requests.filter((r) => r.method === 'alipay.trade.query').length;
    const before = asked();
    // Seconds later the payment page polls the order: the platform is asked, once in its 5 s, and the payment applied.
    offsetMs = 4_000;
    try {
      expect(await statusOf(order.orderCode)).toBe('waitInsurance');
      expect(await statusOf(order.orderCode)).toBe('waitInsurance');
    } finally {
      offsetMs = 0;
    }
    expect(asked() - before).toBe(1);
    await t.settled();
    expect(insurer.issued.filter((code) => code === order.applicationFormCode)).toHaveLength(1);
  });

  it('refunds a payment made for an order cancelled meanwhile, once, at Alipay’s refund endpoint', async () => {
    const { order, tradeNo } = await orderAtCashier();
    // The parent pays on the cashier page as the order is cancelled: Alipay's notification comes after the cancel.
    fake.notifyMode = 'late';
    fake.lateMs = 500;
    await pressPay(tradeNo);
    fake.notifyMode = 'prompt';
    expectOk(await call(t.app, { method: 'POST', url: policyCalls.cancelOrder.path, token: session.token, payload: { orderCode: order.orderCode } }));
    await fake.settled();
    await t.settled();
    const refundOf = async () => (await t.database.db.select().from(refunds).where(eq(refunds.orderId, (await orderIdOf(order.orderCode))!)))[0];
    await until(async () => (await refundOf())?.status === 'pending', 'the late payment to be recorded for a refund');
    expect(await t.handles.refundPayouts.runOnce()).toMatchObject({ succeeded: 1 });
    // Alipay's refund notification then arrives for a refund already done: it changes nothing.
    await fake.settled();
    await t.settled();
    expect(await t.handles.refundPayouts.runOnce()).toMatchObject({ succeeded: 0, processing: 0, retried: 0 });
    const refund = (await refundOf())!;
    expect(refund).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(fake.moneyRefunded.filter((r) => r.outTradeNo === tradeNo)).toEqual([{ outTradeNo: tradeNo, outRequestNo: refund.refundNo, amountFen: refund.amountFen }]);
    expect(fake.requests.filter((r) => r.method === 'alipay.trade.refund')).toHaveLength(1);
    expect(fake.deliveries.filter((d) => d.outTradeNo === tradeNo).map((d) => d.answer)).toEqual(['success', 'success']);
    expect(await statusOf(order.orderCode)).toBe('cancel');
  });

  const orderIdOf = async (orderCode: string) => {
    const [row] = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.orderCode, orderCode));
    return row?.id;
  };
});
