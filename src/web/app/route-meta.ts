import { ROUTES } from './paths.ts';

/** Per-route flags of spec §2, attached to each route as its `handle`. */
export interface RouteMeta {
  /** Visitors are sent to /passport/login with the target as fullPath. */
  requiresLogin?: boolean;
  /** Kept for parity with the spec's route table; this app does not keep screens alive. */
  keepAlive?: boolean;
  /** Entering the route disposes the saved record. */
  clearRecord?: boolean;
  /** Entering the route clears the stored insure form and protocol state. */
  clearForm?: boolean;
}

const LOGIN: RouteMeta = { requiresLogin: true, keepAlive: false };

/** Flags of the fixed routes. Detail routes take theirs from the product manifest. */
export const ROUTE_META = {
  home: { keepAlive: true, clearRecord: true, clearForm: true },
  login: {},
  insure: LOGIN,
  confirm: LOGIN,
  payoff: LOGIN,
  paySuccess: LOGIN,
  policyList: LOGIN,
  notFound: {},
  catalogue: {},
  // --- ratings
  estimateList: LOGIN,
  // --- markets
  insureMarketHome: {},
  locationMarketHome: {},
  market2Share: { keepAlive: true, clearForm: true },
  searchCenter: {},
  selectCompany: {},
  insureCompanies: {},
  insureSvcProfile: {},
  claimSvcProfile: {},
  richTextPage: {},
  newProductInsure: {},
  test: {},
  // --- accounts
  verCodeLogin: {},
  passwordLogin: {},
  register: {},
  forgetPassword: {},
  resetNewPassword: LOGIN,
  bindPhone: LOGIN,
  userInfo: LOGIN,
  myIndex: LOGIN,
  realNameAuth: LOGIN,
  certificationResult: LOGIN,
  aboutUs: {},
  problem: {},
  // --- information pages, protocol reading (issue 6, info)
  infoPage: {},
  infoPageLogin: LOGIN,
  checkProtocol: {},
  commonProtocolRead: {},
  viewClause: {},
  viewImage: {},
  statistics: {},
  /** Spec §2 "Insure and confirm": log-in, not kept alive, back allowed. */
  productNotice: LOGIN,
  // --- policies
  policyDetail: LOGIN,
  /** Spec §2: /policyDetailWaitInsurance needs no log-in (a visitor sees no policy data, docs/policy-lifecycle.md). */
  policyDetailPublic: {},
  insureDetail: LOGIN,
  cooperationList: LOGIN,
  zancunList: LOGIN,
  renewalList: LOGIN,
  insurerenew: {},
  // --- payments
  /** Spec §2: no log-in (JD returns the browser here). */
  paySuccessJD: {},
  weixin: LOGIN,
} as const satisfies Record<string, RouteMeta>;

// --- policies
/** The detail routes of spec §2 that need a log-in (all but /policyDetailWaitInsurance). */
export const POLICY_DETAIL_LOGIN_ROUTES = [
  ROUTES.policyDetailTobePaid,
  ROUTES.policyDetailGuarantee,
  ROUTES.policyDetailPaymentTimeout,
  ROUTES.policyDetailPolicyOverdue,
  ROUTES.policyDetailSurrender,
  ROUTES.policyDetailCancel,
  ROUTES.policyDetailWaitIssue,
  ROUTES.policyDetailIssueFail,
] as const;

/** The confirm variants of spec §2, all served by the confirm screen. */
export const CONFIRM_ROUTES = [
  ROUTES.confirm,
  ROUTES.confirmIndex,
  ROUTES.confirmIndexOneConfig,
  ROUTES.confirmIndexForMulti,
] as const;
