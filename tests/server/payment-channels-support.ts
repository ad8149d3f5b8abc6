/**
 * Test support for the payment channels: open a trade with a given channel
 * the way the client does, and send that channel's notifications.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fillPath, GW } from '../../src/contract/paths.ts';
import type { ChannelPayment } from '../../src/server/providers/payment/channel-sandbox-provider.ts';
import { signSandboxNotification } from '../../src/server/providers/payment/sandbox-notification.ts';
import { WECHAT_APP_ID } from '../../src/server/providers/payment/wechat-pay-provider.ts';
import { call, expectOk, payUrlOf, submitOrder, TEST_PAY_SECRET, tradeNoOf, validApplication, XUZHOU } from './helpers.ts';
import { paymentCalls } from '../../src/contract/payment.ts';

export type Channel = 'sandbox' | 'wechat' | 'alipay' | 'jd';
export const CHANNELS: Channel[] = ['sandbox', 'wechat', 'alipay', 'jd'];

/** The client's way to a trade of `channel` for an existing order. */
export async function openChannelTrade(
  app: FastifyInstance,
  token: string,
  channel: Channel,
  order: { orderCode: string; applicationFormCode: string },
): Promise<string> {
  if (channel === 'sandbox') return tradeNoOf(await payUrlOf(app, token, order.applicationFormCode));
  if (channel === 'alipay') {
    const { payUrl } = expectOk(await call<{ payUrl: string }>(app, { method: 'GET', url: `${paymentCalls.payUrl.path}?appCode=${order.applicationFormCode}&channel=alipay`, token }));
    return tradeNoOf(payUrl);
  }
  if (channel === 'jd') {
    return expectOk(await call<{ tradeNum: string }>(app, { method: 'POST', url: paymentCalls.payOrderJd.path, token, payload: { orderCode: order.orderCode } })).tradeNum;
  }
  const code = app.paymentChannels.wechat.issueOAuthCode(`oTest${randomUUID().slice(0, 8)}`);
  const { openid } = expectOk(
    await call<{ openid: string }>(app, { method: 'POST', url: fillPath(paymentCalls.getOpenid.path, { a: WECHAT_APP_ID, b: code, c: 'edu', d: 'st' }), token }),
  );
  return expectOk(await call<{ tradeNo: string }>(app, { method: 'POST', url: paymentCalls.payOrderWeixin.path, token, payload: { orderCode: order.orderCode, openid } })).tradeNo;
}

/** A new unpaid Xuzhou order of `token`'s user with an open trade of `channel`. */
export async function orderWithTrade(app: FastifyInstance, token: string, channel: Channel) {
  const order = await submitOrder(app, token, validApplication(XUZHOU));
  const tradeNo = await openChannelTrade(app, token, channel, order);
  return { order, tradeNo, amountFen: Math.round(order.amount * 100) };
}

export interface Encoded {
  body: string;
  contentType: string;
  headers: Record<string, string>;
}

/** A notification of `payment` encoded and signed as `channel` does it. */
export async function encodeFor(app: FastifyInstance, channel: Channel, payment: ChannelPayment): Promise<Encoded> {
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
  return app.paymentChannels[channel].encode(payment);
}

export function paymentOf(trade: { tradeNo: string; amountFen: number }, extra: Partial<ChannelPayment> = {}): ChannelPayment {
  return { notifyId: randomUUID(), tradeNo: trade.tradeNo, amountFen: trade.amountFen, status: 'SUCCESS', paidAt: new Date(), ...extra };
}

/** POSTs a notification to the channel's notify route; `acknowledged` is what the channel would conclude. */
export async function deliver(app: FastifyInstance, channel: Channel, encoded: Encoded): Promise<{ acknowledged: boolean; status: number; text: string }> {
  const response = await app.inject({
    method: 'POST',
    url: GW + fillPath(paymentCalls.payNotify.path, { provider: channel }),
    payload: encoded.body,
    headers: { ...encoded.headers, 'content-type': encoded.contentType },
  });
  const answer = { status: response.statusCode, text: response.body };
  const acknowledged =
    channel === 'sandbox' ? (JSON.parse(answer.text) as { code: string }).code === '0000' : app.paymentChannels[channel].acknowledged(answer);
  return { acknowledged, ...answer };
}
