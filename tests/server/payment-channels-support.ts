/**
 * Test support for the payment channels: open a trade with a given channel
 * the way the client does, and send that channel's notifications.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { fillPath, GW } from '../../src/contract/define-call.ts';
import type { ChannelPayment } from '../../src/server/providers/payment/channel-sandbox-provider.ts';
import { signSandboxNotification } from '../../src/server/providers/payment/sandbox-notification.ts';
import { WECHAT_APP_ID, WechatPayProvider } from '../../src/server/providers/payment/wechat-pay-provider.ts';
import { channelSandbox } from '../support/bench-support.ts';
import { call, expectOk, payUrlOf, submitOrder, TEST_PAY_SECRET, tradeNoOf, validApplication, XUZHOU, type TestApp } from './helpers.ts';
import { paymentCalls } from '../../src/contract/payment.ts';

export type Channel = 'sandbox' | 'wechat' | 'alipay' | 'jd';
export const CHANNELS: Channel[] = ['sandbox', 'wechat', 'alipay', 'jd'];

/** The client's way to a trade of `channel` for an existing order. */
export async function openChannelTrade(
  t: Pick<TestApp, 'app' | 'handles'>,
  token: string,
  channel: Channel,
  order: { orderCode: string; applicationFormCode: string },
): Promise<string> {
  const { app } = t;
  if (channel === 'sandbox') return tradeNoOf(await payUrlOf(app, token, order.applicationFormCode));
  if (channel === 'alipay') {
    const { payUrl } = expectOk(await call<{ payUrl: string }>(app, { method: 'GET', url: `${paymentCalls.payUrl.path}?appCode=${order.applicationFormCode}&channel=alipay`, token }));
    return tradeNoOf(payUrl);
  }
  if (channel === 'jd') {
    return expectOk(await call<{ tradeNum: string }>(app, { method: 'POST', url: paymentCalls.payOrderJd.path, token, payload: { orderCode: order.orderCode } })).tradeNum;
  }
  const wechat = t.handles.providers.payments.get('wechat');
  if (!(wechat instanceof WechatPayProvider)) throw new Error('the WeChat sandbox is not configured');
  const code = wechat.issueOAuthCode(`oTest${randomUUID().slice(0, 8)}`);
  const { openid } = expectOk(
    await call<{ openid: string }>(app, { method: 'POST', url: fillPath(paymentCalls.getOpenid.path, { a: WECHAT_APP_ID, b: code, c: 'edu', d: 'st' }), token }),
  );
  return expectOk(await call<{ tradeNo: string }>(app, { method: 'POST', url: paymentCalls.payOrderWeixin.path, token, payload: { orderCode: order.orderCode, openid } })).tradeNo;
}

/** A new unpaid Xuzhou order of `token`'s user with an open trade of `channel`. */
export async function orderWithTrade(t: Pick<TestApp, 'app' | 'handles'>, token: string, channel: Channel) {
  const order = await submitOrder(t.app, token, validApplication(XUZHOU));
  const tradeNo = await openChannelTrade(t, token, channel, order);
  return { order, tradeNo, amountFen: Math.round(order.amount * 100) };
}

export interface Encoded {
  body: string;
  contentType: string;
  headers: Record<string, string>;
}

/** A notification of `payment` encoded and signed as `channel` does it. */
export async function encodeFor(t: Pick<TestApp, 'handles'>, channel: Channel, payment: ChannelPayment): Promise<Encoded> {
  if (channel === 'sandbox') {
    const body = await signSandboxNotification(TEST_PAY_SECRET, {
      notifyId: payment.notifyId,
      tradeNo: payment.tradeNo,
      amountFen: payment.amountFen,
      status: payment.status,
      paidAt: payment.paidAt.toISOString(),
    });
    return { body, contentType: 'application/jose', headers: {} };
  }
  return channelSandbox(t.handles, channel).encode(payment);
}

export function paymentOf(trade: { tradeNo: string; amountFen: number }, extra: Partial<ChannelPayment> = {}): ChannelPayment {
  return { notifyId: randomUUID(), tradeNo: trade.tradeNo, amountFen: trade.amountFen, status: 'SUCCESS', paidAt: new Date(), ...extra };
}

/** POSTs a notification to the channel's notify route; `acknowledged` is what the channel would conclude. */
export async function deliver(t: Pick<TestApp, 'app' | 'handles'>, channel: Channel, encoded: Encoded): Promise<{ acknowledged: boolean; status: number; text: string }> {
  const response = await t.app.inject({
    method: 'POST',
    url: GW + fillPath(paymentCalls.payNotify.path, { provider: channel }),
    payload: encoded.body,
    headers: { ...encoded.headers, 'content-type': encoded.contentType },
  });
  const answer = { status: response.statusCode, text: response.body };
  const acknowledged =
    channel === 'sandbox' ? (JSON.parse(answer.text) as { code: string }).code === '0000' : channelSandbox(t.handles, channel).acknowledged(answer);
  return { acknowledged, ...answer };
}

/** A loopback port nobody listens on (the real channels' tests listen there, so that the fakes can post to the app). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Waits until `check` holds (a notification applied, an order issued). */
export async function until(check: () => Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
