/**
 * Payment calls of spec §7 beyond the pay URL: WeChat (authorisation, JSAPI
 * and H5 pay), JD pay, and the pay-out record read-back.
 */

import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineCall } from './define-call.ts';
import { PayUrl, PayUrlQuery, SavePayOutBody } from './order.ts';
import { Owned } from './policy.ts';

const Code = Type.String({ minLength: 1, maxLength: 40 });

/**
 * POST pay-svc/api/v1/getOpenid/{a}/{b}/{c}/{d}. The spec names four path
 * parts without saying what they are; ours: appId, the OAuth code, channel
 * (edu) and the OAuth state.
 */
export const GetOpenidParams = Type.Object(
  {
    a: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_]+$', description: 'WeChat appId' }),
    b: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$', description: 'OAuth code' }),
    c: Type.String({ minLength: 1, maxLength: 16, pattern: '^[A-Za-z0-9_]+$', description: 'channel' }),
    d: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'OAuth state' }),
  },
  { additionalProperties: false },
);
export const OpenidResult = Type.Object({ openid: Type.String() });
export type OpenidResult = Static<typeof OpenidResult>;

/** POST ins-order/orderPay/payOrder/edu/weixin: JSAPI pay inside WeChat. */
export const PayOrderWeixinBody = Type.Object(
  { orderCode: Code, openid: Type.String({ minLength: 6, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);
export type PayOrderWeixinBody = Static<typeof PayOrderWeixinBody>;
export const WechatJsapiPay = Type.Object({
  appId: Type.String(),
  timeStamp: Type.String(),
  nonceStr: Type.String(),
  package: Type.String(),
  signType: Type.String(),
  paySign: Type.String(),
  tradeNo: Type.String(),
  /** The sandbox stands in for WeixinJSBridge: its JSAPI cashier page. Absent with the real channel. */
  sandboxCashierUrl: Type.Optional(Type.String()),
});
export type WechatJsapiPay = Static<typeof WechatJsapiPay>;

/** POST ins-order/orderPay/payOrderWithSubChannel/edu/weixin/wap_biz: WeChat H5 pay outside WeChat. */
export const OrderPayBody = Type.Object({ orderCode: Code }, { additionalProperties: false });
export type OrderPayBody = Static<typeof OrderPayBody>;
export const WapPay = Type.Object({ mwebUrl: Type.String(), tradeNo: Type.String() });
export type WapPay = Static<typeof WapPay>;

/** POST ins-order/orderPay/payOrder/edu/jd */
export const JdPay = Type.Object({ payUrl: Type.String(), tradeNum: Type.String() });
export type JdPay = Static<typeof JdPay>;

/** GET pay-svc/api/v1/edu/jd/order//{id}/1 (no log-in: the JD result page). No personal data. */
export const JdOrderParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) }, { additionalProperties: false });
export const JdOrder = Type.Object({
  tradeNum: Type.String(),
  status: Type.Union([Type.Literal('paid'), Type.Literal('pending'), Type.Literal('failed'), Type.Literal('refund')]),
  amount: Type.Number({ description: 'yuan' }),
  productName: Type.String(),
});
export type JdOrder = Static<typeof JdOrder>;

/** GET edu-svc/pay/out/selectByAppCode?applicationFormCode: the caller's pay-out record of one application (spec §3, §7). */
export const SelectPayOutQuery = Type.Object({ applicationFormCode: Owned('application', Code) }, { additionalProperties: false });
export type SelectPayOutQuery = Static<typeof SelectPayOutQuery>;
export const PayOutRecord = Type.Object({
  applicationFormCode: Type.String(),
  productCode: Type.String(),
  startTime: Type.Union([Type.String(), Type.Null()]),
  holderCode: Type.Union([Type.String(), Type.Null()]),
  isRenewal: Type.Union([Type.String(), Type.Null()]),
});
export type PayOutRecord = Static<typeof PayOutRecord>;

/** POST pay-svc/api/v1/notify/{provider}: a payment platform's notification (server to server, verified by its signature). */
export const NotifyParams = Type.Object({ provider: Type.String({ pattern: '^[a-z]{2,16}$' }) }, { additionalProperties: false });
/** What a notification is answered, in each platform's own style. */
export const NotifyAnswers = {
  'application/json': Type.Object(
    {
      code: Type.String({ description: 'WeChat Pay: SUCCESS or FAIL; the generic sandbox: the envelope code' }),
      message: Type.Optional(Type.String({ description: 'WeChat Pay' })),
      msg: Type.Optional(Type.String({ description: 'The generic sandbox (envelope)' })),
      data: Type.Optional(Type.Null()),
    },
    { description: 'WeChat Pay API v3 ({code, message}, 4xx on refusal), or the envelope for the generic sandbox' },
  ),
  'text/plain': Type.String({ description: 'Alipay and JD Pay: success or fail' }),
} as const;

/** The payment calls (spec §7): pay URL, pay-out record, WeChat and JD pay, and the platforms' notifications. */
export const paymentCalls = {
  payUrl: defineCall({
    method: 'GET',
    path: '/edu-svc/payUrl/queryPayUrl',
    summary: 'The cashier address of an unpaid application of the caller (opens a trade)',
    auth: 'user',
    query: PayUrlQuery,
    data: PayUrl,
  }),
  savePayOut: defineCall({
    method: 'POST',
    path: '/edu-svc/pay/out/savePayOut',
    summary: 'Saves the pay-out record of an application of the caller (spec §3)',
    auth: 'user',
    body: SavePayOutBody,
    data: Type.Null(),
  }),
  selectPayOut: defineCall({
    method: 'GET',
    path: '/edu-svc/pay/out/selectByAppCode',
    summary: 'The pay-out record of an application of the caller; null when none was saved',
    auth: 'user',
    query: SelectPayOutQuery,
    data: Type.Union([PayOutRecord, Type.Null()]),
  }),
  getOpenid: defineCall({
    method: 'POST',
    path: '/pay-svc/api/v1/getOpenid/:a/:b/:c/:d',
    summary: 'The openid of a WeChat OAuth code (path: appId, code, channel, state)',
    auth: 'user',
    params: GetOpenidParams,
    data: OpenidResult,
  }),
  payOrderWeixin: defineCall({
    method: 'POST',
    path: '/ins-order/orderPay/payOrder/edu/weixin',
    summary: 'WeChat JSAPI pay of an order of the caller: the parameters for WeixinJSBridge',
    auth: 'user',
    body: PayOrderWeixinBody,
    data: WechatJsapiPay,
  }),
  payOrderWapBiz: defineCall({
    method: 'POST',
    path: '/ins-order/orderPay/payOrderWithSubChannel/edu/weixin/wap_biz',
    summary: 'WeChat H5 pay of an order of the caller outside WeChat: the mweb URL',
    auth: 'user',
    body: OrderPayBody,
    data: WapPay,
  }),
  payOrderJd: defineCall({
    method: 'POST',
    path: '/ins-order/orderPay/payOrder/edu/jd',
    summary: 'JD pay of an order of the caller: the cashier URL',
    auth: 'user',
    body: OrderPayBody,
    data: JdPay,
  }),
  jdOrder: defineCall({
    method: 'GET',
    path: '/pay-svc/api/v1/edu/jd/order//:id/1',
    summary: 'The state of a JD trade by its unguessable number (no log-in, no personal data)',
    auth: 'public',
    params: JdOrderParams,
    data: JdOrder,
  }),
  payNotify: defineCall({
    method: 'POST',
    path: '/pay-svc/api/v1/notify/:provider',
    summary: 'A payment platform’s signed notification (body verbatim: JWS, JSON or form), applied exactly once',
    auth: 'server',
    params: NotifyParams,
    data: Type.Null(),
    raw: NotifyAnswers,
  }),
};

export { WECHAT_APP_ID, WECHAT_OAUTH_URL } from './payment-constants.ts';
