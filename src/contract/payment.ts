/**
 * Payment calls of spec §7 beyond the pay URL: WeChat (authorisation, JSAPI
 * and H5 pay), JD pay, and the pay-out record read-back.
 */

import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';

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

/** POST edu-svc/pay/out/selectByAppCode: the caller's pay-out record of one application (spec §3). */
export const SelectPayOutBody = Type.Object({ applicationFormCode: Code }, { additionalProperties: false });
export type SelectPayOutBody = Static<typeof SelectPayOutBody>;
export const PayOutRecord = Type.Object({
  applicationFormCode: Type.String(),
  productCode: Type.String(),
  startTime: Type.Union([Type.String(), Type.Null()]),
  holderCode: Type.Union([Type.String(), Type.Null()]),
  isRenewal: Type.Union([Type.String(), Type.Null()]),
});
export type PayOutRecord = Static<typeof PayOutRecord>;


export { WECHAT_APP_ID, WECHAT_OAUTH_URL } from './payment-constants.ts';
