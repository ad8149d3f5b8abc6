import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, GW } from '../../src/contract/define-call.ts';
import { paymentNotifications, payments } from '../../src/server/db/schema.ts';
import { SandboxInsurerProvider } from '../../src/server/providers/insurer/sandbox-insurer-provider.ts';
import type { NotificationDelivery } from '../../src/server/providers/payment/notification-delivery.ts';
import { signSandboxNotification, type SandboxNotificationPayload } from '../../src/server/providers/payment/sandbox-notification.ts';
import {
  backends,
  CountingInsurer,
  expectOk,
  login,
  makeTestApp,
  openTrade,
  orderDetail,
  payUrlOf,
  pressCashier,
  type Session,
  TEST_PAY_SECRET,
  type TestApp,
  tradeNoOf,
} from './helpers.ts';
import { paymentCalls } from '../../src/contract/payment.ts';

const NOTIFY_URL = GW + fillPath(paymentCalls.payNotify.path, { provider: 'sandbox' });

async function notify(app: FastifyInstance, body: string, contentType = 'application/jose') {
  const response = await app.inject({ method: 'POST', url: NOTIFY_URL, payload: body, headers: { 'content-type': contentType } });
  return { status: response.statusCode, body: response.json() as { code: string; msg: string } };
}

const payload = (trade: { tradeNo: string; amountFen: number }, extra: Partial<SandboxNotificationPayload> = {}): SandboxNotificationPayload => ({
  notifyId: `N-${Math.random().toString(36).slice(2)}`,
  tradeNo: trade.tradeNo,
  amountFen: trade.amountFen,
  status: 'SUCCESS',
  paidAt: new Date().toISOString(),
  ...extra,
});

describe.each(backends)('payment notifications (%s)', (backend) => {
  let t: TestApp;
  let insurer: CountingInsurer;
  let session: Session;

  beforeAll(async () => {
    insurer = new CountingInsurer();
    t = await makeTestApp({ backend, insurer });
    session = await login(t.app);
  });
  afterAll(() => t.close());

  /** A fresh unpaid order of the suite's user with an open trade. */
  async function openSessionTrade() {
    const { order, tradeNo, amountFen } = await openTrade(t.app, session.token);
    return { order, trade: { tradeNo, amountFen } };
  }
  const statusOf = async (orderCode: string) => expectOk(await orderDetail(t.app, session.token, orderCode)).status;
  const notificationRows = async (tradeNo: string) =>
    (await t.database.db.select({ n: count() }).from(paymentNotifications).where(eq(paymentNotifications.tradeNo, tradeNo)))[0]?.n;
  const paymentStatus = async (tradeNo: string) =>
    (await t.database.db.select({ status: payments.status }).from(payments).where(eq(payments.tradeNo, tradeNo)))[0]?.status;

  it('marks the order paid and issues the policy on a valid notification', async () => {
    const { order, trade } = await openSessionTrade();
    const answer = await notify(t.app, await signSandboxNotification(TEST_PAY_SECRET, payload(trade)));
    expect(answer.body.code).toBe('0000');
    expect(await statusOf(order.orderCode)).toBe('waitInsurance');
    expect(await paymentStatus(trade.tradeNo)).toBe('succeeded');
    expect(insurer.issued.filter((c) => c === order.applicationFormCode)).toHaveLength(1);
  });

  it('rejects a notification signed with another key and changes nothing', async () => {
    const { order, trade } = await openSessionTrade();
    const forged = await signSandboxNotification('not-the-sandbox-secret-0123456789', payload(trade));
    expect((await notify(t.app, forged)).body).toEqual({ code: '4001', msg: '通知验签失败', data: null });
    expect(await statusOf(order.orderCode)).toBe('toBePaid');
    expect(await notificationRows(trade.tradeNo)).toBe(0);
  });

  it('rejects a tampered payload and garbage bodies', async () => {
    const { order, trade } = await openSessionTrade();
    const [header, , signature] = (await signSandboxNotification(TEST_PAY_SECRET, payload(trade))).split('.');
    const cheaper = Buffer.from(JSON.stringify(payload(trade, { amountFen: 1 }))).toString('base64url');
    expect((await notify(t.app, `${header}.${cheaper}.${signature}`)).body.code).toBe('4001');
    expect((await notify(t.app, 'not a jws')).body.code).toBe('4001');
    expect((await notify(t.app, '')).body.code).toBe('4001');
    expect(await statusOf(order.orderCode)).toBe('toBePaid');
  });

  it('rejects a correctly signed notification whose amount differs from the order', async () => {
    const { order, trade } = await openSessionTrade();
    const wrongAmount = await signSandboxNotification(TEST_PAY_SECRET, payload({ ...trade, amountFen: trade.amountFen - 1 }));
    expect((await notify(t.app, wrongAmount)).body).toEqual({ code: '4001', msg: '通知金额与订单金额不符', data: null });
    expect(await statusOf(order.orderCode)).toBe('toBePaid');
    expect(await notificationRows(trade.tradeNo)).toBe(0);
    expect(await paymentStatus(trade.tradeNo)).toBe('pending');
  });

  it('rejects notifications of unknown trades and providers', async () => {
    const unknown = await signSandboxNotification(TEST_PAY_SECRET, payload({ tradeNo: 'TR-NOPE', amountFen: 100 }));
    expect((await notify(t.app, unknown)).body.code).toBe('4004');
    const wrongProvider = await t.app.inject({ method: 'POST', url: `${GW}/pay-svc/api/v1/notify/unionpay`, payload: unknown, headers: { 'content-type': 'application/jose' } });
    expect(wrongProvider.json()).toMatchObject({ code: '4004' });
  });

  it('answers a duplicate notification with 0000 and changes nothing', async () => {
    const { order, trade } = await openSessionTrade();
    const body = await signSandboxNotification(TEST_PAY_SECRET, payload(trade));
    expect((await notify(t.app, body)).body.code).toBe('0000');
    const paid = expectOk(await orderDetail(t.app, session.token, order.orderCode));
    expect((await notify(t.app, body)).body.code).toBe('0000');
    // Another notification (new id) for the same, already paid trade: also harmless.
    expect((await notify(t.app, await signSandboxNotification(TEST_PAY_SECRET, payload(trade)))).body.code).toBe('0000');
    expect(expectOk(await orderDetail(t.app, session.token, order.orderCode))).toEqual(paid);
    expect(insurer.issued.filter((c) => c === order.applicationFormCode)).toHaveLength(1);
  });

  it('marks an order paid once under concurrent duplicate notifications', async () => {
    const { order, trade } = await openSessionTrade();
    const same = await signSandboxNotification(TEST_PAY_SECRET, payload(trade));
    const distinct = await Promise.all([1, 2, 3, 4].map(() => signSandboxNotification(TEST_PAY_SECRET, payload(trade))));
    const answers = await Promise.all([same, same, same, same, ...distinct].map((body) => notify(t.app, body)));
    expect(answers.map((a) => a.body.code)).toEqual(Array(8).fill('0000'));
    expect(await statusOf(order.orderCode)).toBe('waitInsurance');
    expect(insurer.issued.filter((c) => c === order.applicationFormCode)).toHaveLength(1);
    expect(await notificationRows(trade.tradeNo)).toBe(5); // one per distinct notify id
    expect(await paymentStatus(trade.tradeNo)).toBe('succeeded');
  });

  it('records a failed payment, keeps the order payable, and accepts a later success', async () => {
    const { order, trade } = await openSessionTrade();
    expect((await notify(t.app, await signSandboxNotification(TEST_PAY_SECRET, payload(trade, { status: 'FAIL' })))).body.code).toBe('0000');
    expect(await statusOf(order.orderCode)).toBe('toBePaid');
    expect(await paymentStatus(trade.tradeNo)).toBe('failed');
    // The next pay URL opens a new trade; paying it completes the order.
    const next = tradeNoOf(await payUrlOf(t.app, session.token, order.applicationFormCode));
    expect(next).not.toBe(trade.tradeNo);
    expectOk({ status: 200, body: { ...(await notify(t.app, await signSandboxNotification(TEST_PAY_SECRET, payload({ ...trade, tradeNo: next })))).body, data: null } });
    expect(await statusOf(order.orderCode)).toBe('waitInsurance');
  });

  it('keeps money that arrives for an already paid order visible for a refund', async () => {
    const { order, trade } = await openSessionTrade();
    // Two trades for one order (two devices paying at once).
    await t.database.db.insert(payments).values({
      tradeNo: `${trade.tradeNo}B`,
      orderId: (await t.database.db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.tradeNo, trade.tradeNo)))[0]!.orderId,
      provider: 'sandbox',
      amountFen: trade.amountFen,
      subject: 'x',
      returnUrl: '/',
    });
    expect((await notify(t.app, await signSandboxNotification(TEST_PAY_SECRET, payload(trade)))).body.code).toBe('0000');
    expect((await notify(t.app, await signSandboxNotification(TEST_PAY_SECRET, payload({ ...trade, tradeNo: `${trade.tradeNo}B` })))).body.code).toBe('0000');
    expect(await paymentStatus(`${trade.tradeNo}B`)).toBe('duplicate');
    expect(insurer.issued.filter((c) => c === order.applicationFormCode)).toHaveLength(1);
  });

  it('marks the policy 出单失败 when the insurer refuses, keeping the payment', async () => {
    const refusing = await makeTestApp({ backend, insurer: new SandboxInsurerProvider({ failFor: () => true }) });
    try {
      const { token, order, tradeNo, amountFen } = await openTrade(refusing.app);
      const body = await signSandboxNotification(TEST_PAY_SECRET, payload({ tradeNo, amountFen }));
      expect((await notify(refusing.app, body)).body.code).toBe('0000');
      await refusing.settled();
      const detail = expectOk(await orderDetail(refusing.app, token, order.orderCode));
      expect(detail).toMatchObject({ status: 'issueFail', policyNo: null });
      expect(detail.paidAt).not.toBeNull();
    } finally {
      await refusing.close();
    }
  });
});

describe('sandbox notification delivery', () => {
  it('retries with backoff until the merchant answers 0000', async () => {
    let attempts = 0;
    const merchant: { app?: FastifyInstance } = {};
    const flaky: NotificationDelivery = async ({ path, body, contentType }) => {
      attempts += 1;
      if (attempts < 3) throw new Error('connection refused');
      const response = await merchant.app!.inject({ method: 'POST', url: path, payload: body, headers: { 'content-type': contentType } });
      return (response.json() as { code: string }).code === '0000';
    };
    const t = await makeTestApp({ sandboxDelivery: flaky });
    merchant.app = t.app;
    try {
      const { token, order, tradeNo } = await openTrade(t.app);
      // A bare POST (no form body) works too.
      const confirm = await t.app.inject({ method: 'POST', url: `/_sandbox/pay/${tradeNo}/confirm` });
      expect(confirm.statusCode).toBe(303);
      await t.settled();
      expect(attempts).toBe(3);
      expect(expectOk(await orderDetail(t.app, token, order.orderCode)).status).toBe('waitInsurance');
    } finally {
      await t.close();
    }
  });

  it('gives up after 5 attempts', async () => {
    let attempts = 0;
    const t = await makeTestApp({
      sandboxDelivery: async () => {
        attempts += 1;
        return false;
      },
    });
    try {
      const { token, order, tradeNo } = await openTrade(t.app);
      await pressCashier(t.app, tradeNo);
      await t.settled();
      expect(attempts).toBe(5);
      expect(expectOk(await orderDetail(t.app, token, order.orderCode)).status).toBe('toBePaid');
    } finally {
      await t.close();
    }
  });

  it('lets a test ask the cashier for a declined payment', async () => {
    const t = await makeTestApp();
    try {
      const { token, order, tradeNo } = await openTrade(t.app);
      const declined = await pressCashier(t.app, tradeNo, 'fail');
      expect(declined.statusCode).toBe(303);
      const page = await t.app.inject({ method: 'GET', url: declined.headers.location as string });
      expect(page.body).toContain('支付失败，请重试');
      await t.settled();
      expect(expectOk(await orderDetail(t.app, token, order.orderCode)).status).toBe('toBePaid');
      const cancel = await t.app.inject({ method: 'POST', url: `/_sandbox/pay/${tradeNo}/cancel` });
      expect(cancel.statusCode).toBe(303);
      expect(cancel.headers.location).toBe('/#/policyList');
    } finally {
      await t.close();
    }
  });
});
