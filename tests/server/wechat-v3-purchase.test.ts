/**
 * A purchase through the app's HTTP API with PAYMENT_CHANNELS naming
 * wechat:v3, pointed at the WeChat Pay fake and the official account fake:
 * inside WeChat the OAuth entry redirects to the official account's page,
 * the code gives the openid, JSAPI pay gives signed parameters; outside
 * WeChat, H5 pay gives WeChat's cashier URL. The order becomes paid from
 * WeChat's notification posted to the listening server (twice, once
 * applied), refusing forged and wrong-amount ones; or, when WeChat never
 * notifies, from the query path.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, GW } from '../../src/contract/define-call.ts';
import { paymentCalls, WECHAT_APP_ID, WECHAT_OAUTH_URL } from '../../src/contract/payment.ts';
import { policyCalls } from '../../src/contract/policy.ts';
import { readWechatPaySettings } from '../../src/server/providers/payment/wechat-v3-settings.ts';
import { startWechatMpFake, type WechatMpFake } from '../fakes/wechat-mp-fake.ts';
import { startWechatPayFake, type WechatPayFake } from '../fakes/wechat-pay-v3-fake.ts';
import { backends, call, CountingInsurer, expectOk, getResubToken, login, makeTestApp, orderDetail, submitOrder, testConfig, validApplication, XUZHOU, type Session, type TestApp } from './helpers.ts';
import { freePort, until } from './payment-channels-support.ts';

const APPID = 'wxfa4efa4efa4efa4e';
const SECRET = 'fa4efa4efa4efa4efa4efa4efa4efa4e';

describe.each(backends)('buying with wechat:v3 against the WeChat Pay fake (%s)', (backend) => {
  let fake: WechatPayFake;
  let mp: WechatMpFake;
  let t: TestApp;
  let insurer: CountingInsurer;
  let session: Session;
  let origin: string;
  let offsetMs = 0;

  beforeAll(async () => {
    fake = await startWechatPayFake({ appId: APPID, retryMs: 20, lateMs: 200 });
    mp = await startWechatMpFake(APPID, SECRET);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const { settings, problems } = readWechatPaySettings({ ...fake.env(), WECHAT_MP_SECRET: SECRET, WECHAT_API_BASE: mp.apiBase });
    expect(problems).toEqual([]);
    const channels = testConfig().providers.paymentChannels.map((c) => (c.channel === 'wechat' ? { channel: 'wechat', implementation: 'v3' } : c));
    insurer = new CountingInsurer();
    t = await makeTestApp({
      backend,
      insurer,
      now: () => new Date(Date.now() + offsetMs),
      config: { publicUrl: origin, providers: { ...testConfig().providers, paymentChannels: channels }, paymentSettings: { wechat: settings } },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    session = await login(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await mp?.close();
  });

  const statusOf = async (orderCode: string) => expectOk(await orderDetail(t.app, session.token, orderCode)).status;
  const notifyUrl = () => `${origin}${GW}${fillPath(paymentCalls.payNotify.path, { provider: 'wechat' })}`;
  const post = async (n: { body: string; headers: Record<string, string> }) => (await fetch(notifyUrl(), { method: 'POST', body: n.body, headers: n.headers })).status;

  async function h5Order() {
    const order = await submitOrder(t.app, session.token, validApplication(XUZHOU));
    const { mwebUrl, tradeNo } = expectOk(await call<{ mwebUrl: string; tradeNo: string }>(t.app, { method: 'POST', url: paymentCalls.payOrderWapBiz.path, token: session.token, payload: { orderCode: order.orderCode } }));
    return { order, mwebUrl, tradeNo };
  }

  it('inside WeChat: OAuth to the official account, the code exchanged for the openid, JSAPI parameters signed for the prepay_id', async () => {
    const order = await submitOrder(t.app, session.token, validApplication(XUZHOU));
    const entry = await t.app.inject({ method: 'GET', url: `${WECHAT_OAUTH_URL}?${new URLSearchParams({ appid: WECHAT_APP_ID, redirect_uri: '/#/payoff?orderCode=X', state: 'edu' }).toString()}` });
    expect(entry.statusCode).toBe(302);
    const to = new URL(entry.headers.location as string);
    expect(`${to.origin}${to.pathname}`).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(to.searchParams.get('appid')).toBe(APPID);
    expect(to.searchParams.get('scope')).toBe('snsapi_base');
    expect(to.searchParams.get('redirect_uri')).toBe(`${origin}/#/payoff?orderCode=X`);
    expect(to.hash).toBe('#wechat_redirect');
    expect((await t.app.inject({ method: 'GET', url: `${WECHAT_OAUTH_URL}?redirect_uri=${encodeURIComponent('https://evil.example/')}` })).statusCode).toBe(400);

    const code = mp.issueOAuthCode('oUpF8uMuAJO_M2pxb1Q9zNjWeS6o');
    const openidPath = fillPath(paymentCalls.getOpenid.path, { a: WECHAT_APP_ID, b: code, c: 'edu', d: 'edu' });
    const { openid } = expectOk(await call<{ openid: string }>(t.app, { method: 'POST', url: openidPath, token: session.token }));
    expect(openid).toBe('oUpF8uMuAJO_M2pxb1Q9zNjWeS6o');
    // A code is good once.
    expect((await call(t.app, { method: 'POST', url: openidPath, token: session.token })).body.code).not.toBe('0000');

    const params = expectOk(await call<Record<string, string>>(t.app, { method: 'POST', url: paymentCalls.payOrderWeixin.path, token: session.token, payload: { orderCode: order.orderCode, openid } }));
    const trade = fake.trades.get(params.tradeNo!)!;
    expect(trade.openid).toBe(openid);
    expect(params).toMatchObject({ appId: APPID, package: `prepay_id=${trade.prepayId}`, signType: 'RSA' });
    expect(params.sandboxCashierUrl).toBeUndefined();
    fake.notifyMode = 'prompt';
    fake.pay(params.tradeNo!);
    await fake.settled();
    await t.settled();
    await until(async () => (await statusOf(order.orderCode)) === 'waitInsurance', 'the JSAPI payment to pay the order');
  });

  it('H5: pays from WeChat’s notification, once, though it arrives twice; forged and wrong-amount ones are refused FAIL', async () => {
    const { order, mwebUrl, tradeNo } = await h5Order();
    expect(mwebUrl).toContain('&redirect_url=');
    expect(decodeURIComponent(mwebUrl.split('&redirect_url=')[1]!)).toContain(`${origin}/#/paySuccess?orderCode=${order.orderCode}`);
    fake.notifyMode = 'late';
    fake.lateMs = 1500;
    fake.pay(tradeNo);
    const forged = fake.paymentNotification(tradeNo, { forge: true });
    const refusal = await fetch(notifyUrl(), { method: 'POST', body: forged.body, headers: forged.headers });
    expect(refusal.status).toBe(401);
    expect(await refusal.json()).toMatchObject({ code: 'FAIL' });
    expect(await post(fake.paymentNotification(tradeNo, { fields: { amount: { total: 1, currency: 'CNY' } } }))).toBeGreaterThanOrEqual(400);
    expect(await post(fake.paymentNotification(tradeNo, { skewS: -600 }))).toBe(401);
    expect(await statusOf(order.orderCode)).toBe('toBePaid');
    // The genuine one, twice, then the late one: applied once.
    expect(await post(fake.paymentNotification(tradeNo))).toBe(204);
    expect(await post(fake.paymentNotification(tradeNo))).toBe(204);
    await fake.settled();
    await t.settled();
    fake.notifyMode = 'prompt';
    await until(async () => (await statusOf(order.orderCode)) === 'waitInsurance', 'the notification to pay the order');
    expect(fake.deliveries.filter((d) => d.key === tradeNo).map((d) => d.status)).toEqual([204]);
    expect(insurer.issued.filter((c) => c === order.applicationFormCode)).toHaveLength(1);
  });

  it('opened as H5 and then paid inside WeChat: the H5 trade is closed and JSAPI gets a new trade number, which pays the order', async () => {
    const { order, tradeNo: h5TradeNo } = await h5Order();
    const code = mp.issueOAuthCode('oUpF8uMuAJO_M2pxb1Q9zNjWeS6p');
    const openidPath = fillPath(paymentCalls.getOpenid.path, { a: WECHAT_APP_ID, b: code, c: 'edu', d: 'edu' });
    const { openid } = expectOk(await call<{ openid: string }>(t.app, { method: 'POST', url: openidPath, token: session.token }));
    const params = expectOk(await call<Record<string, string>>(t.app, { method: 'POST', url: paymentCalls.payOrderWeixin.path, token: session.token, payload: { orderCode: order.orderCode, openid } }));
    expect(params.tradeNo).not.toBe(h5TradeNo);
    expect(fake.trades.get(h5TradeNo)!.state).toBe('CLOSED');
    expect(fake.trades.get(params.tradeNo!)).toMatchObject({ tradeType: 'JSAPI', openid, state: 'NOTPAY' });
    // Asked again inside WeChat (the client retries): the same JSAPI trade.
    const again = expectOk(await call<Record<string, string>>(t.app, { method: 'POST', url: paymentCalls.payOrderWeixin.path, token: session.token, payload: { orderCode: order.orderCode, openid } }));
    expect(again.tradeNo).toBe(params.tradeNo);
    fake.notifyMode = 'prompt';
    fake.pay(params.tradeNo!);
    await fake.settled();
    await t.settled();
    await until(async () => (await statusOf(order.orderCode)) === 'waitInsurance', 'the JSAPI payment to pay the order');
  });

  it('pays the order from the query path when WeChat never notifies', async () => {
    const { order, tradeNo } = await h5Order();
    fake.notifyMode = 'never';
    fake.pay(tradeNo);
    fake.notifyMode = 'prompt';
    expect(await t.handles.pendingTrades.runOnce()).toBe(0);
    offsetMs = 2 * 60_000;
    try {
      expect(await t.handles.pendingTrades.runOnce()).toBeGreaterThanOrEqual(1);
    } finally {
      offsetMs = 0;
    }
    await t.settled();
    await until(async () => (await statusOf(order.orderCode)) === 'waitInsurance', 'the queried payment to pay the order');
    expect(await post(fake.paymentNotification(tradeNo))).toBe(204);
    expect(insurer.issued.filter((c) => c === order.applicationFormCode)).toHaveLength(1);
  });

  it('closes the unpaid trade of a cancelled order on WeChat Pay, so that it can no longer be paid', async () => {
    const { order, tradeNo } = await h5Order();
    expectOk(await call(t.app, { method: 'POST', url: `${GW}${policyCalls.cancelOrder.path}`, token: session.token, payload: { orderCode: order.orderCode } }));
    offsetMs = 2 * 60_000;
    try {
      await t.handles.pendingTrades.runOnce();
    } finally {
      offsetMs = 0;
    }
    expect(fake.trades.get(tradeNo)!.state).toBe('CLOSED');
    expect(fake.requests.some((r) => r.call.endsWith('/close') && r.status === 204)).toBe(true);
    // Asked once: the payment is no longer pending.
    const asked = fake.requests.length;
    offsetMs = 3 * 60_000;
    try {
      await t.handles.pendingTrades.runOnce();
    } finally {
      offsetMs = 0;
    }
    expect(fake.requests.slice(asked).filter((r) => r.call.includes(tradeNo))).toEqual([]);
  });

  it('reconciles the day with WeChat’s trade bill: every payment matched, then each kind of difference recorded and nothing corrected', async () => {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const paidToday = [...fake.trades.values()].filter((trade) => trade.paidAt);
    expect(paidToday.length).toBeGreaterThanOrEqual(3);
    const [first] = await t.handles.reconciliation.reconcileDay(today, ['wechat']);
    expect(first).toMatchObject({ provider: 'wechat', billDate: today, status: 'done', billLines: paidToday.length, matched: paidToday.length, differences: [] });

    // The platform's side changes: a trade nobody here placed, another amount, a payment it never had.
    const [changed, dropped] = paidToday;
    fake.trades.set('WXSTRANGER0001', { ...changed!, outTradeNo: 'WXSTRANGER0001', transactionId: '4200000000202612020000000001' });
    const realTotal = changed!.totalFen;
    changed!.totalFen = realTotal + 1;
    fake.trades.delete(dropped!.outTradeNo);
    const { order } = await h5Order();
    const before = await statusOf(order.orderCode);
    try {
      const [second] = await t.handles.reconciliation.reconcileDay(today, ['wechat']);
      expect(second!.status).toBe('done');
      expect(second!.matched).toBe(paidToday.length - 2);
      expect(second!.differences!.map((d) => [d.kind, d.tradeNo, d.platformAmountFen ?? null, d.localAmountFen ?? null]).sort()).toEqual(
        [
          ['amount_differs', changed!.outTradeNo, realTotal + 1, realTotal],
          ['missing_on_platform', dropped!.outTradeNo, null, dropped!.totalFen],
          ['unknown_here', 'WXSTRANGER0001', realTotal, null],
        ].sort(),
      );
      // The differences are recorded under the run that found them (the first found none); the payments are as they were.
      const runs = (await t.database.db.execute(
        sql`select d.run, count(*)::int as n from reconciliation_differences d join reconciliations r on r.id = d.reconciliation_id where r.provider = 'wechat' and r.bill_date = ${today} group by d.run order by d.run`,
      )) as unknown as { rows: { run: number | string; n: number | string }[] };
      expect(runs.rows.map((row) => [Number(row.run), Number(row.n)])).toEqual([[2, 3]]);
      expect(await statusOf(order.orderCode)).toBe(before);
    } finally {
      changed!.totalFen = realTotal;
      fake.trades.set(dropped!.outTradeNo, dropped!);
      fake.trades.delete('WXSTRANGER0001');
    }
  });

  it('bills a refund on the day WeChat accepted it: accepted yesterday and paid back today, it is matched yesterday and not missed today', async () => {
    const DAY = 86_400_000;
    const beijingDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
    // Yesterday, on both clocks: a policy paid, then surrendered; WeChat accepts its refund.
    offsetMs = -DAY;
    fake.clockOffsetMs = -DAY;
    let refundNo: string;
    try {
      const parent = await login(t.app);
      const order = await submitOrder(t.app, parent.token, validApplication(XUZHOU));
      const { tradeNo } = expectOk(await call<{ tradeNo: string }>(t.app, { method: 'POST', url: paymentCalls.payOrderWapBiz.path, token: parent.token, payload: { orderCode: order.orderCode } }));
      fake.notifyMode = 'prompt';
      fake.pay(tradeNo);
      await fake.settled();
      await t.settled();
      const paid = async () => expectOk(await orderDetail(t.app, parent.token, order.orderCode));
      await until(async () => (await paid()).status === 'waitInsurance', 'yesterday’s payment to pay the order');
      const resub = await getResubToken(t.app, parent.token);
      expectOk(await call(t.app, { method: 'POST', url: policyCalls.submitEndors.path, token: parent.token, headers: { 'x-resub-token': resub }, payload: { policyNo: (await paid()).policyNo, endorType: 'surrender' } }));
      expect(await t.handles.refundPayouts.runOnce()).toMatchObject({ processing: 1 });
      refundNo = [...fake.refunds.values()].find((r) => r.outTradeNo === tradeNo)!.outRefundNo;
    } finally {
      offsetMs = 0;
      fake.clockOffsetMs = 0;
    }
    // Today WeChat says it succeeded (no notification: the job's query finds it).
    fake.notifyMode = 'never';
    fake.settleRefund(refundNo);
    fake.notifyMode = 'prompt';
    expect(await t.handles.refundPayouts.runOnce()).toMatchObject({ succeeded: 1 });

    const [yesterday] = await t.handles.reconciliation.reconcileDay(beijingDay(Date.now() - DAY), ['wechat']);
    expect(yesterday).toMatchObject({ status: 'done', billLines: 2, matched: 2, differences: [] });
    const [today] = await t.handles.reconciliation.reconcileDay(beijingDay(Date.now()), ['wechat']);
    expect(today).toMatchObject({ status: 'done', differences: [] });
  });
});
