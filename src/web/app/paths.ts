/**
 * The one place that knows the app's hash routes (spec §2) and how to build
 * links to them. Pure: no React, so the guards, the API UI hooks and the
 * tests share it.
 */
// --- policies
import type { PolicyStatus } from '../../contract/order.ts';

/** Route patterns as the router declares them. */
export const ROUTES = {
  home: '/',
  newProductDetail: '/newProductDetail',
  login: '/passport/login',
  insure: '/insure',
  confirm: '/confirm',
  confirmIndex: '/confirmIndex',
  confirmIndexOneConfig: '/confirmIndexOneConfig',
  confirmIndexForMulti: '/confirmIndexForMulti',
  payoff: '/payoff',
  paySuccess: '/paySuccess',
  policyList: '/policyList',
  /** Development only: every manifest with its validation status (the server decides whether it has data). */
  catalogue: '/catalogue',
  // --- policies
  policyDetailTobePaid: '/policyDetailTobePaid',
  policyDetailGuarantee: '/policyDetailGuarantee',
  policyDetailPaymentTimeout: '/policyDetailPaymentTimeout',
  policyDetailPolicyOverdue: '/policyDetailPolicyOverdue',
  policyDetailSurrender: '/policyDetailSurrender',
  policyDetailCancel: '/PolicyDetailCancel',
  policyDetailWaitIssue: '/policyDetailWaitIssue',
  policyDetailIssueFail: '/policyDetailIssueFail',
  policyDetailWaitInsurance: '/policyDetailWaitInsurance',
  insureDetail: '/insureDetail',
  cooperationList: '/cooperationList',
  zancunList: '/zancunList',
  renewalList: '/renewalList',
  insurerenew: '/insurerenew',
} as const;

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
};

// --- policies
/** The route key of each status's detail page. */
export const POLICY_DETAIL_ROUTE: Readonly<Record<PolicyStatus, keyof typeof ROUTES>> = {
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
