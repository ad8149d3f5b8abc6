/**
 * Links to the app's hash routes (spec §2). The routes themselves are the
 * table in src/contract/app-routes.ts; ROUTES is its path per key. Pure: no
 * React, so the guards, the API UI hooks and the tests share it.
 */
import { APP_ROUTES, type AppRouteKey } from '../../contract/app-routes.ts';
// --- policies
import type { PolicyStatus } from '../../contract/order.ts';
// --- the promoter area
import type { AchievementPeriod } from '../../contract/promoter-area.ts';

/** Route patterns as the router declares them, by the route table's keys. */
export const ROUTES = Object.fromEntries(Object.entries(APP_ROUTES).map(([key, route]) => [key, route.path])) as {
  readonly [K in AppRouteKey]: (typeof APP_ROUTES)[K]['path'];
};

type QueryValue = string | number | null | undefined;

/** `pathname?query`, leaving out undefined and null values (empty strings are kept: the spec passes them). */
export function withQuery(pathname: string, query: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** Query of /passport/login (spec §2). */
export interface LoginQuery {
  fullPath: string;
  promoCode: string;
  partnerSource: string;
  productCode: string;
}

/** Query of /payoff: what the confirm page hands over after the order is created. */
export interface PayoffQuery {
  orderCode: string;
  applicationFormCode: string;
  productCode: string;
  /** Yuan. */
  amount: number | string;
}

/** Query of /paySuccess (spec §2). */
export interface PaySuccessQuery {
  orderCode: string;
  productCode: string;
  applicationFormCode: string;
}

/** Link builders; every screen navigates through these. */
export const paths = {
  home: (): string => ROUTES.home,
  /** The configurable product page; works for every manifest. */
  productDetail: (productCode: string): string => withQuery(ROUTES.newProductDetail, { productCode }),
  login: (query: LoginQuery): string => withQuery(ROUTES.login, { ...query }),
  insure: (productCode: string): string => withQuery(ROUTES.insure, { productCode }),
  confirm: (productCode: string): string => withQuery(ROUTES.confirm, { productCode }),
  payoff: (query: PayoffQuery): string => withQuery(ROUTES.payoff, { ...query }),
  paySuccess: (query: PaySuccessQuery): string => withQuery(ROUTES.paySuccess, { ...query }),
  policyList: (): string => ROUTES.policyList,
  // --- ratings
  /** The product's ratings (log-in). */
  estimateList: (productCode: string): string => withQuery(ROUTES.estimateList, { productCode }),
  // --- markets
  insureMarketHome: (id: string): string => withQuery(ROUTES.insureMarketHome, { id }),
  /** The chooser; `ids` limits it to the markets of the visitor's place (every online market without). */
  locationMarketHome: (ids?: readonly string[]): string => withQuery(ROUTES.locationMarketHome, { ids: ids && ids.length > 0 ? ids.join(',') : undefined }),
  market2Share: (id: string): string => withQuery(ROUTES.market2Share, { id }),
  searchCenter: (query: { name?: string; market?: string; category?: string } = {}): string => withQuery(ROUTES.searchCenter, query),
  selectCompany: (id?: string): string => withQuery(ROUTES.selectCompany, { id }),
  insureCompanies: (): string => ROUTES.insureCompanies,
  insureSvcProfile: (): string => ROUTES.insureSvcProfile,
  claimSvcProfile: (): string => ROUTES.claimSvcProfile,
  richTextPage: (id: string): string => withQuery(ROUTES.richTextPage, { id }),
  newProductInsure: (productCode: string): string => withQuery(ROUTES.newProductInsure, { productCode }),
  // --- accounts
  /** Another log-in screen with the same query (fullPath, promoCode…), so the return target survives the switch. */
  passwordLogin: (search = ''): string => ROUTES.passwordLogin + search,
  verCodeLogin: (search = ''): string => ROUTES.login + search,
  register: (search = ''): string => ROUTES.register + search,
  forgetPassword: (): string => ROUTES.forgetPassword,
  resetNewPassword: (): string => ROUTES.resetNewPassword,
  /** /bindPhone/{0}/{1}: 0 is the current (masked) phone, 1 the userCode. */
  bindPhone: (maskedPhone: string, userCode: string): string =>
    `/bindPhone/${encodeURIComponent(maskedPhone)}/${encodeURIComponent(userCode)}`,
  userInfo: (): string => ROUTES.userInfo,
  myIndex: (): string => ROUTES.myIndex,
  familyMembers: (): string => ROUTES.familyMembers,
  claimReport: (policyNo: string): string => withQuery(ROUTES.claimReport, { policyNo }),
  claimList: (): string => ROUTES.claimList,
  claimDetail: (claimNo: string): string => withQuery(ROUTES.claimDetail, { claimNo }),
  realNameAuth: (): string => ROUTES.realNameAuth,
  certificationResult: (verId?: string): string => withQuery(ROUTES.certificationResult, { verId }),
  aboutUs: (): string => ROUTES.aboutUs,
  problem: (): string => ROUTES.problem,
  // --- information pages, protocol reading
  /** The clauses of a product, to read before insuring (spec §4 Protocol reading). */
  checkProtocol: (productCode: string): string => withQuery(ROUTES.checkProtocol, { productCode }),
  /** One clause of a product (1-based `no`); `read` counts it as read. */
  clause: (productCode: string, no: number, read: boolean): string =>
    withQuery(read ? ROUTES.commonProtocolRead : ROUTES.viewClause, { productCode, no }),
  viewImage: (url: string, title?: string): string => withQuery(ROUTES.viewImage, { url, title }),
  // --- policies
  /** The detail page of an application in `status` (spec §2: one route per status). */
  policyDetail: (status: PolicyStatus, applicationFormCode: string): string =>
    withQuery(ROUTES[POLICY_DETAIL_ROUTE[status]], { applicationFormCode }),
  insureDetail: (applicationFormCode: string): string => withQuery(ROUTES.insureDetail, { applicationFormCode }),
  insureFromDraft: (productCode: string, tempSerialNo: string): string => withQuery(ROUTES.insure, { productCode, tempSerialNo }),
  insurerenew: (productCode: string): string => withQuery(ROUTES.insurerenew, { productCode }),
  zancunList: (): string => ROUTES.zancunList,
  renewalList: (): string => ROUTES.renewalList,
  cooperationList: (): string => ROUTES.cooperationList,
  // --- the promoter area
  myAchievement: (): string => ROUTES.myAchievement,
  /** The sales of one achievement bucket (`key` as the achievements call gives it: 2026-11-24, 2026-11, 2026-autumn). */
  achievementDetail: (period: AchievementPeriod, key: string): string => withQuery(ROUTES.achievementDetail, { period, key }),
  validList: (): string => ROUTES.validList,
  customerList: (): string => ROUTES.customerList,
  customerDetail: (customerId: string): string => withQuery(ROUTES.customerDetail, { customerId }),
  /** A product link (`product`) or renewal reminder (`renewal`) for one customer. */
  customerDetailPush: (query: { customerId: string; kind: 'product' | 'renewal'; productCode: string }): string =>
    withQuery(ROUTES.customerDetailPush, { ...query }),
  rewardDetail: (): string => ROUTES.rewardDetail,
  renewalDetail: (applicationFormCode: string): string => withQuery(ROUTES.renewalDetail, { applicationFormCode }),
  /** /renewalList on its 客户续保 tab (promoters). */
  customerRenewals: (): string => withQuery(ROUTES.renewalList, { tab: 'customers' }),
  // --- payments
  paySuccessJD: (tradeNum: string): string => withQuery(ROUTES.paySuccessJD, { tradeNum }),
  weixin: (): string => ROUTES.weixin,
};

// --- policies
/** The route key of each status's detail page. */
export const POLICY_DETAIL_ROUTE: Readonly<Record<PolicyStatus, AppRouteKey>> = {
  toBePaid: 'policyDetailTobePaid',
  guarantee: 'policyDetailGuarantee',
  paymentTimeout: 'policyDetailPaymentTimeout',
  policyOverdue: 'policyDetailPolicyOverdue',
  surrender: 'policyDetailSurrender',
  cancel: 'policyDetailCancel',
  waitIssue: 'policyDetailWaitIssue',
  issueFail: 'policyDetailIssueFail',
  waitInsurance: 'policyDetailWaitInsurance',
};
