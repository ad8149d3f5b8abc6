import {
  RESUB_HEADER,
  type RegisterAndLoginBody,
  type UserRecord,
  type RepeatInsuranceBody,
  type SubmitOrderBody,
  type SavePayOutBody,
  type PolicyListBody,
} from '../../../contract/index.ts';
import { orderCalls } from '../../../contract/order.ts';
import { paymentCalls } from '../../../contract/payment.ts';
import { WECHAT_APP_ID } from '../../../contract/payment-constants.ts';
import { productCalls } from '../../../contract/product-calls.ts';
import { quotePremium } from './quote-api.ts';
import { call, type CallOptions } from './client.ts';
import { productApi } from './product-api.ts';
import { authCalls } from '../../../contract/auth.ts';
// --- markets
import { marketCalls, type AreaNode, type FileSummary, type RichFile } from '../../../contract/market.ts';
import { marketApi } from './market-api.ts';

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
  productList: productApi.productList,
  productDisplay: (productCode: string) => call(productCalls.productDisplay, { query: { productCode } }, { thing: '产品信息' }),
  productManifest: productApi.productManifest,
  quote: quotePremium,
  serial: () => call(orderCalls.serial, {}, { thing: '流水号' }),
  resubToken: () => call(orderCalls.resubToken, {}, { thing: '防重令牌' }),
  repeatInsurance: (body: RepeatInsuranceBody) => call(orderCalls.repeatInsurance, { body }, { thing: '重复投保校验' }),
  submitOrder: (body: SubmitOrderBody, resubToken: string) =>
    call(orderCalls.submitOrder, { body }, { headers: { [RESUB_HEADER]: resubToken }, silent: true, alsoSuccess: ORDER_FLOW_SUCCESS }),
  orderDetail: (orderCode: string, o?: Silent) => call(orderCalls.orderDetail, { body: { orderCode } }, { thing: '订单详情', ...o }),
  payUrl: (appCode: string, o?: Silent & { channel?: PayChannel }) =>
    call(
      paymentCalls.payUrl,
      { query: { appCode, ...(o?.channel ? { channel: o.channel } : {}) } },
      { thing: '支付地址', ...(o?.silent !== undefined ? { silent: o.silent } : {}) },
    ),
  savePayOut: (body: SavePayOutBody) => call(paymentCalls.savePayOut, { body }, { silent: true, alsoSuccess: ORDER_FLOW_SUCCESS }),
  policyList: (body: PolicyListBody, o?: Silent) => call(orderCalls.policyList, { body }, { thing: '保单列表', ...o }),
  // --- markets
  getArea: (code: string, o?: Silent): Promise<AreaNode[]> => call(marketCalls.getArea, { params: { code } }, { thing: '地区', ...o }),
  locateArea: marketApi.locateArea,
  selectSupermarket: marketApi.selectSupermarket,
  queryIdByArea: marketApi.queryIdByArea,
  selectFile: (type?: FileSummary['type'], o?: Silent): Promise<{ list: FileSummary[] }> =>
    call(marketCalls.selectFile, { query: type === undefined ? {} : { type } }, { thing: '文件列表', ...o }),
  selectFileById: (id: string, o?: Silent): Promise<RichFile> => call(marketCalls.selectFileById, { query: { id } }, { thing: '文件', ...o }),
  tourContactPerson: (query: { areaCode?: string; marketId?: string }, o?: Silent): Promise<{ name: string; phone: string; hours: string; marketId: string | null }> =>
    call(marketCalls.tourContactPerson, { query }, { thing: '联系人', ...o }),
  // --- payments
  /** The openid of a WeChat OAuth code (path parts: appId, code, channel, state). */
  getOpenid: (code: string, state: string) =>
    call(paymentCalls.getOpenid, { params: { a: WECHAT_APP_ID, b: code, c: 'edu', d: state || 'edu' } }, { thing: '微信授权' }),
  payOrderWeixin: (orderCode: string, openid: string, o?: Silent) =>
    call(paymentCalls.payOrderWeixin, { body: { orderCode, openid } }, { thing: '微信支付', ...o }),
  payOrderWapBiz: (orderCode: string, o?: Silent) => call(paymentCalls.payOrderWapBiz, { body: { orderCode } }, { thing: '微信支付', ...o }),
  payOrderJd: (orderCode: string, o?: Silent) => call(paymentCalls.payOrderJd, { body: { orderCode } }, { thing: '京东支付', ...o }),
  jdOrder: (tradeNum: string, o?: Silent) => call(paymentCalls.jdOrder, { params: { id: tradeNum } }, { thing: '支付结果', ...o }),
  selectPayOut: (applicationFormCode: string, o?: Silent) =>
    call(paymentCalls.selectPayOut, { query: { applicationFormCode } }, { thing: '支付记录', ...o }),
};
