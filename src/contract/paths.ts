/** Every `/_gw` path this app serves, relative to the gateway prefix. */
export const GW = '/_gw';

export const paths = {
  regMsg: '/user-svc/api/v1.5/regMsg',
  registerAndLogin: '/user-svc/api/v1/registerAndLogin',
  refreshToken: '/auth-svc/refresh_token',
  productList: '/prod-svc/api/v2/product/edu/list',
  productDisplay: '/prod-svc/api/v1/product_display',
  productAttr: '/prod-svc/api/v1/attr/:code/edu',
  /** Product-type state, with ?attrMark=ClassOfEduInsure. */
  productTypeState: '/prod-svc/api/v2/attr/:code/edu',
  productDetail: '/prod-svc/api/v2/productdetailsvc',
  programDisplay: '/prod-svc/api/v1/program_display',
  notificationInfo: '/prod-svc/api/v2/notificationInfo/edu',
  calPremiums: '/prod-svc/calpremiums',
  productFilePaths: '/edu-svc/resNew/productFilePaths',
  /** One protocol document as an HTML page (the url of a productFilePaths entry). */
  productFile: '/edu-svc/resNew/productFile/:code/:no',
  validProductCodes: '/edu-svc/product/version/getAllValidProductCode/:channel',
  serial: '/idg-svc/api/v1/idg3',
  resubToken: '/idg-svc/api/v1/resub_token',
  repeatInsurance: '/edu-svc/wxb/v2/repeatInsurance',
  submitOrder: '/ins-order/order/submitOrder/v2',
  orderDetail: '/ins-order/order/searchOrderDetailForPro',
  payUrl: '/edu-svc/payUrl/queryPayUrl',
  savePayOut: '/edu-svc/pay/out/savePayOut',
  policyList: '/edu-svc/remote/ins/searchInsuranceList',
  /** Payment provider notification (server to server). */
  payNotify: '/pay-svc/api/v1/notify/:provider',
  /** Development and test only: the last SMS code sent to a phone. */
  devSmsLatest: '/__dev/sms/latest',
  /** Development only: every manifest file with its validation status (catalogue preview). */
  devCatalogue: '/__dev/catalogue',
  // --- payments
  payOrderWeixin: '/ins-order/orderPay/payOrder/edu/weixin',
  payOrderWapBiz: '/ins-order/orderPay/payOrderWithSubChannel/edu/weixin/wap_biz',
  payOrderJd: '/ins-order/orderPay/payOrder/edu/jd',
  /** a = appId, b = OAuth code, c = channel, d = OAuth state (the spec does not name them). */
  getOpenid: '/pay-svc/api/v1/getOpenid/:a/:b/:c/:d',
  /** The double slash is the spec's. */
  jdOrder: '/pay-svc/api/v1/edu/jd/order//:id/1',
  selectPayOut: '/edu-svc/pay/out/selectByAppCode',
} as const;

/** Fills `:param` placeholders of a path. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}

/** Header carrying the anti-resubmit token. */
export const RESUB_HEADER = 'x-resub-token';
/** Response header carrying a refreshed access token (spec §7). */
export const ACCESS_TOKEN_HEADER = 'access_token';
