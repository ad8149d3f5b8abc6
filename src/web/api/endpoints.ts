import type { Static } from '@sinclair/typebox';
import {
  fillPath,
  paths,
  RESUB_HEADER,
  type ProductList,
  type ProductDisplay,
  type QuoteRequest,
  type QuoteResult,
  type RegisterAndLoginBody,
  type UserRecord,
  type RepeatInsuranceBody,
  type SubmitOrderBody,
  type SubmitOrderResult,
  type OrderDetail,
  type PayUrl,
  type SavePayOutBody,
  type PolicyListBody,
  type PolicyList,
} from '../../contract/index.ts';
import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import type { JdOrder, JdPay, OpenidResult, PayOutRecord, WapPay, WechatJsapiPay } from '../../contract/payment.ts';
import { WECHAT_APP_ID } from '../../contract/payment-constants.ts';
import { call, callPath, type CallOptions } from './client.ts';
import { authCalls } from '../../contract/auth.ts';
// --- markets
import { marketCalls, type AreaNode, type FileSummary, type LocatedArea, type MarketDetail, type MarketList, type RichFile } from '../../contract/market.ts';

type Silent = Pick<CallOptions, 'silent'>;

/** Spec §8: in the order flow the gateway's 200 also means success. */
const ORDER_FLOW_SUCCESS = ['200'] as const;

/** Cashier channel of GET payUrl/queryPayUrl (PayUrlQuery.channel); JD has its own call. */
export type PayChannel = 'wechat' | 'alipay';

/** The typed calls of the web app, one per contract path. */
export const api = {
  sendLoginCode: (phoneNum: string, o?: Silent): Promise<null> => call(authCalls.regMsg, { query: { phoneNum } }, { thing: '验证码', ...o }),
  registerAndLogin: (body: RegisterAndLoginBody, o?: Silent): Promise<UserRecord> =>
    call(authCalls.registerAndLogin, { body }, { thing: '登录信息', ...o }),
  productList: (o?: Silent) =>
    callPath<Static<typeof ProductList>>('POST', paths.productList, { body: {}, thing: '产品列表', ...o }),
  productDisplay: (productCode: string) =>
    callPath<ProductDisplay>('GET', paths.productDisplay, { query: { productCode }, thing: '产品信息' }),
  productManifest: (productCode: string, o?: Silent) =>
    callPath<ProductManifest>('GET', fillPath(paths.productAttr, { code: productCode }), { thing: '产品详情', ...o }),
  /** getPrem (spec §7): a list of one quote request. Failures are silent: the caller keeps the previous premium. */
  quote: (request: QuoteRequest) =>
    callPath<QuoteResult>('POST', paths.calPremiums, { body: [request], silent: true, thing: '保费' }),
  serial: () => callPath<string>('GET', paths.serial, { thing: '流水号' }),
  resubToken: () => callPath<string>('GET', paths.resubToken, { thing: '防重令牌' }),
  repeatInsurance: (body: RepeatInsuranceBody) =>
    callPath<{ repeat: boolean }>('POST', paths.repeatInsurance, { body, thing: '重复投保校验' }),
  submitOrder: (body: SubmitOrderBody, resubToken: string) =>
    callPath<SubmitOrderResult>('POST', paths.submitOrder, { body, headers: { [RESUB_HEADER]: resubToken }, silent: true, alsoSuccess: ORDER_FLOW_SUCCESS }),
  orderDetail: (orderCode: string, o?: Silent) =>
    callPath<OrderDetail>('POST', paths.orderDetail, { body: { orderCode }, thing: '订单详情', ...o }),
  payUrl: (appCode: string, o?: Silent & { channel?: PayChannel }) =>
    callPath<Static<typeof PayUrl>>('GET', paths.payUrl, {
      query: { appCode, channel: o?.channel },
      thing: '支付地址',
      silent: o?.silent,
    }),
  savePayOut: (body: SavePayOutBody) => callPath<null>('POST', paths.savePayOut, { body, silent: true, alsoSuccess: ORDER_FLOW_SUCCESS }),
  policyList: (body: PolicyListBody, o?: Silent) =>
    callPath<PolicyList>('POST', paths.policyList, { body, thing: '保单列表', ...o }),
  // --- markets
  getArea: (code: string, o?: Silent): Promise<AreaNode[]> => call(marketCalls.getArea, { params: { code } }, { thing: '地区', ...o }),
  locateArea: (latitude: number, longitude: number, o?: Silent): Promise<LocatedArea> =>
    call(marketCalls.locateArea, { query: { latitude, longitude } }, { thing: '位置', ...o }),
  selectSupermarket: (id: string, o?: Silent): Promise<MarketDetail> =>
    call(marketCalls.selectSupermarket, { body: { id } }, { thing: '保险超市', ...o }),
  queryIdByArea: (areaCode?: string, o?: Silent): Promise<MarketList> =>
    call(marketCalls.queryIdByArea, { query: areaCode === undefined ? {} : { areaCode } }, { thing: '保险超市列表', ...o }),
  selectFile: (type?: FileSummary['type'], o?: Silent): Promise<{ list: FileSummary[] }> =>
    call(marketCalls.selectFile, { query: type === undefined ? {} : { type } }, { thing: '文件列表', ...o }),
  selectFileById: (id: string, o?: Silent): Promise<RichFile> => call(marketCalls.selectFileById, { query: { id } }, { thing: '文件', ...o }),
  tourContactPerson: (query: { areaCode?: string; marketId?: string }, o?: Silent): Promise<{ name: string; phone: string; hours: string; marketId: string | null }> =>
    call(marketCalls.tourContactPerson, { query }, { thing: '联系人', ...o }),
  // --- payments
  /** The openid of a WeChat OAuth code (path parts: appId, code, channel, state). */
  getOpenid: (code: string, state: string) =>
    callPath<OpenidResult>('POST', fillPath(paths.getOpenid, { a: WECHAT_APP_ID, b: code, c: 'edu', d: state || 'edu' }), { body: {}, thing: '微信授权' }),
  payOrderWeixin: (orderCode: string, openid: string, o?: Silent) =>
    callPath<WechatJsapiPay>('POST', paths.payOrderWeixin, { body: { orderCode, openid }, thing: '微信支付', ...o }),
  payOrderWapBiz: (orderCode: string, o?: Silent) =>
    callPath<WapPay>('POST', paths.payOrderWapBiz, { body: { orderCode }, thing: '微信支付', ...o }),
  payOrderJd: (orderCode: string, o?: Silent) => callPath<JdPay>('POST', paths.payOrderJd, { body: { orderCode }, thing: '京东支付', ...o }),
  jdOrder: (tradeNum: string, o?: Silent) => callPath<JdOrder>('GET', fillPath(paths.jdOrder, { id: tradeNum }), { thing: '支付结果', ...o }),
  selectPayOut: (applicationFormCode: string, o?: Silent) =>
    callPath<PayOutRecord | null>('POST', paths.selectPayOut, { body: { applicationFormCode }, thing: '支付记录', ...o }),
};
