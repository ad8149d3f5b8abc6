import type { FastifyInstance } from 'fastify';
import { GW } from '../contract/define-call.ts';
import type { AppDeps } from './app-deps.ts';
import { registerAuthRoutes } from './auth/auth-routes.ts';
import { registerChannelLoginRoutes } from './auth/channel-login-routes.ts';
import { registerProfileRoutes } from './auth/profile-routes.ts';
import { registerCatalogueRoutes } from './catalogue/catalogue-routes.ts';
import { registerClaimRoutes } from './claims/claim-routes.ts';
import { registerContentRoutes } from './content/content-routes.ts';
import { registerContractRoutes } from './contracts/contract-routes.ts';
import { registerFamilyRoutes } from './family/family-routes.ts';
import { registerOpenApiRoute } from './http/openapi.ts';
import { routesOf } from './http/route.ts';
import { registerIdCardRoutes } from './identity/id-card-routes.ts';
import { registerFaceReturnRoute, registerIdentityRoutes } from './identity/identity-routes.ts';
import { registerMarketRoutes } from './markets/market-routes.ts';
import { registerOrderRoutes } from './orders/order-routes.ts';
import { registerPolicyRoutes } from './orders/policy-routes.ts';
import { registerPolicyServiceRoutes } from './orders/policy-service-routes.ts';
import { registerPaymentRoutes } from './payments/payment-routes.ts';
import { registerTradeRoutes } from './payments/trade-routes.ts';
import { registerPromoterAreaRoutes } from './promoters/promoter-area-routes.ts';
import { registerPromoterRoutes } from './promoters/promoter-routes.ts';
import { registerRatingRoutes } from './ratings/ratings-routes.ts';
import { registerRecordingRoutes } from './recording/recording-routes.ts';
import { registerSchoolRoutes } from './schools/school-routes.ts';
import { registerOpLogRoutes } from './tracking/op-log-routes.ts';

/** One domain's routes: `register` adds them to the scope of `prefix` (`''`: the app itself, outside `/_gw`). */
export interface RouteModule {
  name: string;
  prefix: typeof GW | '';
  register: (scope: FastifyInstance, deps: AppDeps) => void;
}

/**
 * Every domain's routes, in the order they are registered: the OpenAPI
 * document lists the calls in this order, so a new domain goes where its
 * calls should appear (usually before the policies). Consecutive modules of
 * one prefix share one scope, as the order of the routes inside it depends on:
 * a module's own scopes (multipart, raw notification bodies) load after
 * every module of its group.
 */
export const ROUTE_MODULES: readonly RouteModule[] = [
  // First: the document collects the routes registered after it.
  { name: 'openapi', prefix: GW, register: (gw, deps) => registerOpenApiRoute(gw, routesOf(gw, deps)) },
  { name: 'auth', prefix: GW, register: registerAuthRoutes },
  { name: 'profile', prefix: GW, register: registerProfileRoutes },
  { name: 'identity', prefix: GW, register: registerIdentityRoutes },
  // The people a parent saves to fill the insure form (docs/accounts.md#family-members).
  { name: 'family members', prefix: GW, register: registerFamilyRoutes },
  { name: 'catalogue', prefix: GW, register: registerCatalogueRoutes },
  { name: 'orders', prefix: GW, register: registerOrderRoutes },
  { name: 'payments', prefix: GW, register: registerPaymentRoutes },
  { name: 'ratings', prefix: GW, register: registerRatingRoutes },
  { name: 'markets', prefix: GW, register: registerMarketRoutes },
  // Schools and information pages.
  { name: 'schools', prefix: GW, register: registerSchoolRoutes },
  { name: 'content', prefix: GW, register: registerContentRoutes },
  // The remaining spec §7 calls, each in the domain it serves (docs/other-calls.md).
  { name: 'trades', prefix: GW, register: registerTradeRoutes },
  { name: 'policy services', prefix: GW, register: registerPolicyServiceRoutes },
  { name: 'ID-card check', prefix: GW, register: registerIdCardRoutes },
  { name: 'operation log', prefix: GW, register: registerOpLogRoutes },
  { name: 'partner log-in', prefix: GW, register: registerChannelLoginRoutes },
  // Codes, WeChat share, setManager; then the promoter area (docs/promoters.md).
  { name: 'promoters', prefix: GW, register: registerPromoterRoutes },
  { name: 'promoter area', prefix: GW, register: registerPromoterAreaRoutes },
  // Agreements, e-sign callbacks, the offline roster (docs/contracts.md).
  { name: 'contracts', prefix: GW, register: registerContractRoutes },
  // Traceable sales and their compliance replay (docs/recording.md).
  { name: 'recording', prefix: GW, register: registerRecordingRoutes },
  // The identity vendor's return address after its face page, outside /_gw (a browser navigation).
  { name: 'face return', prefix: '', register: registerFaceReturnRoute },
  // Claims reported from a policy in force, their photos and the insurer's outcomes (docs/claims.md).
  { name: 'claims', prefix: GW, register: registerClaimRoutes },
  // Lifecycle calls and asynchronous issuance outcomes (docs/policy-lifecycle.md).
  { name: 'policies', prefix: GW, register: registerPolicyRoutes },
];

/** Registers the modules in order: each run of one prefix in one scope, the empty prefix on the app itself. */
export async function registerRouteModules(app: FastifyInstance, deps: AppDeps, modules: readonly RouteModule[] = ROUTE_MODULES): Promise<void> {
  for (let start = 0; start < modules.length; ) {
    const prefix = modules[start]!.prefix;
    let end = start;
    while (end < modules.length && modules[end]!.prefix === prefix) end++;
    const group = modules.slice(start, end);
    if (prefix === '') for (const module of group) module.register(app, deps);
    else await app.register(async (scope) => group.forEach((module) => module.register(scope, deps)), { prefix });
    start = end;
  }
}
