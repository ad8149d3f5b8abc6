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
  // --- ratings (comment-svc)
  ratingStats: '/comment-svc/api/v1/_bai/statistics/product',
  ratingList: '/comment-svc/api/v1/_bai/comments/product',
  ratingTemplate: '/comment-svc/api/v1/indicators/product',
  ratingSubmit: '/comment-svc/api/v1/comment/submit',
  ratingStatus: '/comment-svc/api/v1/comment/status/:node/:bizType',
  // --- markets
  getArea: '/user-svc/api/v1/getArea/:code',
  orgElementList: '/user-svc/api/v1.5/orgElementList/edu',
  /** Reverse geocoding of the device position (spec §7 "a maps geocoder call by location"; path ours). */
  locateArea: '/user-svc/api/v1/locateArea',
  findEduOrgBelongJtBranch: '/user-svc/api/v1/findEduOrgBelongJtBranch',
  tourContactPerson: '/user-svc/api/v1/tourContactPerson',
  selectSupermarket: '/edu-svc/supermarket/_bai/selectSupermarket',
  queryIdByArea: '/edu-svc/supermarket/_bai/queryIdByArea',
  selectFile: '/edu-svc/wxb/_bai/selectFile',
  selectFileById: '/edu-svc/wxb/_bai/selectFileById',
  // --- accounts
  kaptcha: '/user-svc/api/v2/kaptcha',
  vrifyKaptcha: '/user-svc/api/v1.5/vrifyKaptcha',
  registerRegMsg: '/user-svc/api/v1/register/regMsg',
  baiRegMsg: '/user-svc/api/v2/_bai/registerAndLogin/regMsg',
  appVerification: '/user-svc/api/v1/appVerification',
  appRegister: '/user-svc/api/v1/appRegister',
  passwordLogin: '/user-svc/api/login',
  loginOut: '/user-svc/api/v1.5/loginOut',
  pwdFind: '/user-svc/api/v1/pwdfind',
  changePhoneNum: '/user-svc/api/v1/changePhoneNum',
  changePassword: '/user-svc/api/v1/changePassword',
  userInfo: '/user-svc/api/v1/user/userInfo',
  fileUpload: '/user-svc/api/file',
  /** An uploaded image by its unguessable id (the url of a fileUpload answer). */
  fileById: '/user-svc/api/file/:id',
  queryDocuments: '/user-svc/api/v1/queryDocuments',
  queryUserInfo: '/user-svc/api/v1/queryUserInfo',
  selectByEmployeeNum: '/user-svc/api/selectByEmployeeNum',
  queryAuthenInfo: '/user-svc/api/v1/queryPersonalUserAuthenInfo',
  personalUserAuthen: '/user-svc/api/v1/personalUserAuthen',
  isFirstLogin: '/edu-svc/wxb/isFirstLogin',
  addCustomer: '/edu-svc/registerCustomer/addCustomer',
  queryPromotersInfo: '/edu-svc/registerCustomer/queryPromotersInfo',
  agreePrivacyLog: '/edu-svc/agreePrivacyLog/save',
  validateId: '/op-log/api/v1/op/validate/id',
  validateFace: '/op-log/api/v1/op/validate/face',
  verification: '/op-log/api/v1/op/ver/edu/:sys/:id',
  /** Development and test only: the text of an image captcha. */
  devCaptcha: '/__dev/captcha/latest',
  // --- schools and information pages (issue 6, info)
  schoolSearch: '/edu-svc/schoolinfo/getSchoolByNameAddressPhone',
  schoolColleges: '/edu-svc/schoolinfo/selectSchoolCollege',
  addSchool: '/edu-svc/schoolinfo/addSchoolInfo',
  /** Per sales area: products on sale and schools listed (/statistics). */
  areaStatistics: '/edu-svc/schoolinfo/_bai/areaStatistics',
  /** One information or agreement page (content/pages/<slug>.md). */
  contentPage: '/edu-svc/content/_bai/page/:slug',
  // --- policies (lifecycle, policy pages, renewal, drafts)
  countAppNumByStatus: '/edu-svc/countAppNumByStatus',
  searchWxbAppList: '/edu-svc/remote/ins/searchWxbAppList',
  searchOrderCharge: '/ins-order/order/searchOrderCharge',
  cancelOrder: '/ins-order/order/cancelOrder',
  deleteOrder: '/ins-order/order/deleteOrder',
  searchAppDetailPro: '/ins-svc/api/v2/applicationforms/searchAppDetailPro',
  insuredExtend: '/ins-svc/applicationforms/v2/insured_extend',
  liabilityPolDetail: '/pol-svc/liabilitySvc/v1/queryLiabilityPolDetail',
  submitEndors: '/pol-svc/endorsement/v2/submitEndors',
  getStartTime: '/edu-svc/risk/time/getStartTime',
  nextHourTime: '/edu-svc/common/nextHourTime',
  getCurrentTime: '/edu-svc/remote/ins/getCurrentTime',
  selectRenewalList: '/edu-svc/policy/v1/selectRenewalList',
  /** Public: the renewal products with their labels (the /insurerenew view). */
  renewalProducts: '/edu-svc/policy/v1/renewalProducts',
  saveTempForm: '/ins-order/order/saveTempForm/v2',
  selectTempForm: '/ins-order/order/selectTempForm',
  deleteTempForm: '/ins-order/order/deleteTempForm/:serial',
  /** Development and test only: makes the sandbox insurer refuse the caller's application (出单失败). */
  devInsurerFail: '/__dev/insurer/fail',
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
