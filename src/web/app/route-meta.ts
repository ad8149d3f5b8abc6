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
  // --- policies
  policyDetail: LOGIN,
  /** Spec §2: /policyDetailWaitInsurance needs no log-in (a visitor sees no policy data, docs/policy-lifecycle.md). */
  policyDetailPublic: {},
  insureDetail: LOGIN,
  cooperationList: LOGIN,
  zancunList: LOGIN,
  renewalList: LOGIN,
  insurerenew: {},
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
