/**
 * The payment calls of spec §7 and the channel sandboxes end to end over
 * inject: the full application form, WeChat authorisation and JSAPI pay, the
 * Alipay and JD cashiers with their notifications delivered (and retried) by
 * the sandboxes, the JD result without log-in, and the pay-out record.
 */
import { createVerify } from 'node:crypto';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath } from '../../src/contract/define-call.ts';
import { WECHAT_APP_ID, paymentCalls } from '../../src/contract/payment.ts';
import { coverPeriod } from '../../src/engine/cover/cover-period.ts';
import type { ApplicationData } from '../../src/engine/insure/form-schema.ts';
import { loadManifestStore, requireManifest } from '../../src/server/catalogue/manifest-store.ts';
import { applicationForms, orders } from '../../src/server/db/schema.ts';
import type { RawNotificationPost } from '../../src/server/providers/payment/notification-delivery.ts';
import type { WechatKeys } from '../../src/server/providers/payment/wechat-pay-provider.ts';
import { applicationForm } from '../../src/web/features/insure/renderers/confirm/place-order.ts';
import { openChannelTrade } from './payment-channels-support.ts';
import {
  backends,
  call,
  expectOk,
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
} from './helpers.ts';

const manifests = loadManifestStore(resolve('manifests'));

/** What the confirm page sends for a Xuzhou order of a renewing, logged-in parent. */
function fullForm(renewal = true) {
  const manifest = requireManifest(manifests, XUZHOU);
  const sample = validApplication(XUZHOU);
  const cover = coverPeriod(manifest, new Date());
  return applicationForm({
    manifest,
    application: sample as unknown as ApplicationData,
    startDate: cover.startDate,
    endDate: cover.endDate,
    promoCode: 'PROMO1',
    premium: null,
    user: { userCode: 'U1', branchCode: 'JT0132', branchName: '江苏分公司', schanelCode: '05' },
    renewal: renewal ? { renewalTimes: 1, policyNo: 'P-OLD-1' } : null,
  });
}

describe.each(backends)('payment calls (%s)', (backend) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;

  beforeAll(async () => {
    t = await makeTestApp({ backend });
    alice = await login(t.app);
    bob = await login(t.app);
  }, 60_000);
  afterAll(() => t.close());

  it('accepts the whole spec §3 application form the confirm page builds and stores the settled terms', async () => {
    // Renewal terms name a last policy the server verifies (docs/policy-lifecycle.md): an unknown one is refused.
    const renewing = await postOrder(t.app, alice.token, { serial: await getSerial(t.app, alice.token), form: fullForm(true) });
    expect(renewing.body.code).toBe('4004');

    const order = await submitOrder(t.app, alice.token, fullForm(false));
    const [row] = await t.database.db
      .select({ terms: applicationForms.formTerms, renewal: applicationForms.renewal })
      .from(applicationForms)
      .where(eq(applicationForms.applicationFormCode, order.applicationFormCode));
    expect(row?.renewal).toBeNull();
    expect(row?.terms).toMatchObject({
      applicationType: '00',
      channelType: '02',
      channalCode: 'edu',
      productType: '00',
      policyKind: '00',
      // The branch is the product's; the user's is not trusted for the sale.
      branchCode: 'JT0000',
      // The channel and agents are the attribution's (docs/promoters.md): the form's '05' is not trusted,
      // and a buyer without promoter or manager has none.
      schanelCode: null,
      isRenewal: 'N',
      renewalTimes: null,
      renewalLastPolicyNo: null,
      agents: [],
      plan: [{ code: 'XZ25-JC', quantity: 1 }],
    });
  });

  it('refuses other values for the §9 constants, and names that do not match the product', async () => {
    const bad = await postOrder(t.app, alice.token, { serial: await getSerial(t.app, alice.token), form: { ...fullForm(), channelType: '03' as '02' } });
    expect(bad.body.code).toBe('4000');
    const other = await postOrder(t.app, alice.token, { serial: await getSerial(t.app, alice.token), form: { ...fullForm(), productName: '别的产品' } });
    expect(other.body).toMatchObject({ code: '4001', msg: '投保单与产品信息不符' });
  });

  it('exchanges a WeChat OAuth code for an openid once, then gives signed JSAPI parameters', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/oauth/wechat/authorize?appid=${WECHAT_APP_ID}&redirect_uri=${encodeURIComponent('/#/payoff?orderCode=X')}&response_type=code&scope=snsapi_base&state=edu` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('允许');
    const allowed = await t.app.inject({
      method: 'POST',
      url: '/oauth/wechat/authorize',
      payload: `redirect_uri=${encodeURIComponent('/#/payoff?orderCode=X')}&state=edu&decision=allow`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(allowed.statusCode).toBe(303);
    const location = String(allowed.headers.location);
    expect(location).toMatch(/^\/\?code=[A-Za-z0-9_-]{32,128}&state=edu#\/payoff\?orderCode=X$/);
    const code = new URLSearchParams(location.slice(1, location.indexOf('#'))).get('code')!;
    const openidUrl = fillPath(paymentCalls.getOpenid.path, { a: WECHAT_APP_ID, b: code, c: 'edu', d: 'edu' });
    const { openid } = expectOk(await call<{ openid: string }>(t.app, { method: 'POST', url: openidUrl, token: alice.token }));
    expect((await call(t.app, { method: 'POST', url: openidUrl, token: alice.token })).body.code).toBe('4001');

    const order = await submitOrder(t.app, alice.token, validApplication(XUZHOU));
    const pay = expectOk(
      await call<Record<string, string>>(t.app, { method: 'POST', url: paymentCalls.payOrderWeixin.path, token: alice.token, payload: { orderCode: order.orderCode, openid } }),
    );
    expect(pay).toMatchObject({ appId: WECHAT_APP_ID, signType: 'RSA', package: `prepay_id=wx${pay.tradeNo}` });
    const message = `${pay.appId}\n${pay.timeStamp}\n${pay.nonceStr}\n${pay.package}\n`;
    const verified = createVerify('RSA-SHA256').update(message).verify((t.config.paymentKeys.wechat as WechatKeys).merchant.publicKey, pay.paySign!, 'base64');
    expect(verified).toBe(true);
    // Asking again reuses the open trade.
    const again = expectOk(await call<{ tradeNo: string }>(t.app, { method: 'POST', url: paymentCalls.payOrderWeixin.path, token: alice.token, payload: { orderCode: order.orderCode, openid } }));
    expect(again.tradeNo).toBe(pay.tradeNo);
    // Someone else's order is refused.
    expect((await call(t.app, { method: 'POST', url: paymentCalls.payOrderWeixin.path, token: bob.token, payload: { orderCode: order.orderCode, openid } })).body.code).toBe('4003');
    // An openid the server did not get from WeChat for the caller (made up, or another user's) opens no trade.
    const bobOrder = await submitOrder(t.app, bob.token, validApplication(XUZHOU));
    for (const stranger of ['oMadeUpByTheClient0000000000', openid]) {
      expect((await call(t.app, { method: 'POST', url: paymentCalls.payOrderWeixin.path, token: bob.token, payload: { orderCode: bobOrder.orderCode, openid: stranger } })).body).toEqual({ code: '4001', msg: '微信授权已失效，请重新授权', data: null });
    }
  });

  it('refuses to send the OAuth answer to another site', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/oauth/wechat/authorize?appid=${WECHAT_APP_ID}&redirect_uri=${encodeURIComponent('https://evil.example/x')}` });
    expect(page.statusCode).toBe(400);
    const post = await t.app.inject({
      method: 'POST',
      url: '/oauth/wechat/authorize',
      payload: `redirect_uri=${encodeURIComponent('//evil.example/x')}&decision=allow`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.statusCode).toBe(400);
  });

  for (const channel of ['wechat', 'alipay', 'jd'] as const) {
    it(`pays through the ${channel} cashier: the sandbox notifies in its style and the order is issued`, async () => {
      const order = await submitOrder(t.app, alice.token, validApplication(XUZHOU));
      const tradeNo = await openChannelTrade(t, alice.token, channel, order);
      const cashier = await t.app.inject({ method: 'GET', url: `/_sandbox/${channel}/cashier?tradeNo=${tradeNo}` });
      expect(cashier.statusCode).toBe(200);
      expect(cashier.body).toContain('确认支付');
      // Another channel's cashier does not show this trade.
      const other = channel === 'jd' ? 'alipay' : 'jd';
      expect((await t.app.inject({ method: 'GET', url: `/_sandbox/${other}/cashier?tradeNo=${tradeNo}` })).statusCode).toBe(404);
      const confirm = await t.app.inject({ method: 'POST', url: `/_sandbox/${channel}/${tradeNo}/confirm`, payload: 'outcome=success', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(confirm.statusCode).toBe(303);
      expect(String(confirm.headers.location)).toContain(channel === 'jd' ? `/#/paySuccessJD?tradeNum=${tradeNo}` : '/#/paySuccess?');
      await t.settled();
      expect(expectOk(await orderDetail(t.app, alice.token, order.orderCode)).status).toBe('waitInsurance');
    });
  }

  it('answers the JD result page without log-in, with no personal data', async () => {
    const order = await submitOrder(t.app, alice.token, validApplication(XUZHOU));
    const tradeNo = await openChannelTrade(t, alice.token, 'jd', order);
    const url = fillPath(paymentCalls.jdOrder.path, { id: tradeNo });
    expect(url).toContain('/order//');
    expect(expectOk(await call<{ status: string }>(t.app, { method: 'GET', url }))).toEqual({
      tradeNum: tradeNo,
      status: 'pending',
      amount: order.amount,
      productName: '徐州市学生平安保险（2025版）',
    });
    await t.app.inject({ method: 'POST', url: `/_sandbox/jd/${tradeNo}/confirm` });
    await t.settled();
    expect(expectOk(await call<{ status: string }>(t.app, { method: 'GET', url })).status).toBe('paid');
    expect((await call(t.app, { method: 'GET', url: fillPath(paymentCalls.jdOrder.path, { id: 'TRNOPE' }) })).body.code).toBe('4004');
  });

  it('reads back the pay-out record of one\'s own application only (GET, spec §7)', async () => {
    const order = await submitOrder(t.app, alice.token, validApplication(XUZHOU));
    const selectUrl = (code: string) => `${paymentCalls.selectPayOut.path}?applicationFormCode=${encodeURIComponent(code)}`;
    const select = (token: string) => call(t.app, { method: 'GET', url: selectUrl(order.applicationFormCode), token });
    expect(expectOk(await select(alice.token))).toBeNull();
    expectOk(
      await call(t.app, {
        method: 'POST',
        url: paymentCalls.savePayOut.path,
        token: alice.token,
        payload: { applicationFormCode: order.applicationFormCode, productCode: XUZHOU, startTime: '2026-01-01 00:00:00', holderCode: 'U1', isRenewal: 'N' },
      }),
    );
    expect(expectOk(await select(alice.token))).toEqual({
      applicationFormCode: order.applicationFormCode,
      productCode: XUZHOU,
      startTime: '2026-01-01 00:00:00',
      holderCode: 'U1',
      isRenewal: 'N',
    });
    expect((await select(bob.token)).body.code).toBe('4003');
    expect((await call(t.app, { method: 'GET', url: selectUrl(order.applicationFormCode) })).body.code).toBe('406');
    expect((await call(t.app, { method: 'GET', url: selectUrl(''), token: alice.token })).body.code).toBe('4000');
    expect((await call(t.app, { method: 'GET', url: paymentCalls.selectPayOut.path, token: alice.token })).body.code).toBe('4000');
  });
});

describe('channel notification delivery', () => {
  it('re-sends a WeChat notification, freshly signed, until the app answers 2xx', async () => {
    let attempts = 0;
    const holder: { t?: TestApp } = {};
    const flaky: RawNotificationPost = async ({ path, body, contentType, headers }) => {
      attempts += 1;
      if (attempts < 3) return { status: 500, text: '{"code":"FAIL"}' };
      const response = await holder.t!.app.inject({ method: 'POST', url: path, payload: body, headers: { ...headers, 'content-type': contentType } });
      return { status: response.statusCode, text: response.body };
    };
    const t = await makeTestApp({ channelPost: flaky });
    holder.t = t;
    try {
      const user = await login(t.app);
      const order = await submitOrder(t.app, user.token, validApplication(XUZHOU));
      const tradeNo = await openChannelTrade(t, user.token, 'wechat', order);
      await t.app.inject({ method: 'POST', url: `/_sandbox/wechat/${tradeNo}/confirm` });
      await t.settled();
      expect(attempts).toBe(3);
      expect(expectOk(await orderDetail(t.app, user.token, order.orderCode)).status).toBe('waitInsurance');
      const [row] = await t.database.db.select({ paidAt: orders.paidAt }).from(orders).where(eq(orders.orderCode, order.orderCode));
      expect(row?.paidAt).not.toBeNull();
    } finally {
      await t.close();
    }
  });
});
