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
  // --- payments
  /** Spec §2: no log-in (JD returns the browser here). */
  paySuccessJD: {},
  weixin: LOGIN,
} as const satisfies Record<string, RouteMeta>;

/** The confirm variants of spec §2, all served by the confirm screen. */
export const CONFIRM_ROUTES = [
  ROUTES.confirm,
  ROUTES.confirmIndex,
  ROUTES.confirmIndexOneConfig,
  ROUTES.confirmIndexForMulti,
] as const;
