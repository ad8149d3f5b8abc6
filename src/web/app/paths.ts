/**
 * The one place that knows the app's hash routes (spec §2) and how to build
 * links to them. Pure: no React, so the guards, the API UI hooks and the
 * tests share it.
 */

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
  // --- payments
  paySuccessJD: '/paySuccessJD',
  weixin: '/weixin',
  /** The personal centre (built by the account area); the duplicate-insurance dialog goes there. */
  myIndex: '/myIndex',
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
  // --- payments
  paySuccessJD: (tradeNum: string): string => withQuery(ROUTES.paySuccessJD, { tradeNum }),
  weixin: (): string => ROUTES.weixin,
  myIndex: (): string => ROUTES.myIndex,
};
