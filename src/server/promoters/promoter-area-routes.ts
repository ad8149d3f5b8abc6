import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PROMOTER_PAGE_SIZE, PROMOTER_RENEWAL_WINDOW_DAYS, promoterAreaCalls, type RewardStatus } from '../../contract/promoter-area.ts';
import { fenToYuan } from '../../engine/pricing/premium.ts';
import { maskIdNumber } from '../../engine/rules/index.ts';
import type { AppDeps } from '../app-deps.ts';
import { currentUser } from '../http/auth-guard.ts';
import { forbidden, ok, rejected } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { bucketOfKey } from './achievement-periods.ts';
import { achievements } from './operations/achievements.ts';
import { requireCustomer, requirePromoter } from './operations/promoter-access.ts';
import { pushToCustomer } from './operations/push-to-customer.ts';
import { findVisibleSale, listCustomers, listCustomerSales, listRenewals, listSalesBetween, listValidSales, rewardLedger, type Promoter } from './promoter-area-repo.ts';
import { toCustomer, toRenewal, toReward, toSale } from './promoter-area-views.ts';

const DAY_MS = 86_400_000;
/** A customer's detail lists at most this many of their policies, newest first. */
const CUSTOMER_DETAIL_SALES = 100;

/** The limit and offset of a list call's page. */
function pageOf(body: { pageNum?: number | undefined; pageSize?: number | undefined }) {
  const pageSize = body.pageSize ?? PROMOTER_PAGE_SIZE;
  return { limit: pageSize, offset: ((body.pageNum ?? 1) - 1) * pageSize };
}

/** The caller when they are a promoter; anyone else gets 4003. */
const promoterOf = (deps: AppDeps, request: FastifyRequest): Promise<Promoter> => requirePromoter(deps.db, currentUser(request));

/**
 * The promoter area (docs/promoters.md "Promoter area"): a logged-in
 * promoter's own sales and customers, masked. Registered in this order, which
 * the route list and the reference keep.
 */
export function registerPromoterAreaRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerPromoterSalesRoutes(app, deps);
  registerPromoterCustomerRoutes(app, deps);
  registerPromoterRenewalRoutes(app, deps);
  registerPromoterRewardRoutes(app, deps);
}

/** The promoter's figures by period, the sales of one bucket, and their policies in force. */
function registerPromoterSalesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const route = routesOf(app, deps);

  route(promoterAreaCalls.achievements, async (request) => {
    const promoter = await promoterOf(deps, request);
    return ok(await achievements(deps, promoter.id, request.query.period));
  });

  route(promoterAreaCalls.achievementDetail, async (request) => {
    const promoter = await promoterOf(deps, request);
    const bucket = bucketOfKey(request.body.period, request.body.key);
    if (!bucket) throw rejected('统计区间无效');
    const { rows, total } = await listSalesBetween(db, { promoterId: promoter.id, from: bucket.from, to: bucket.to, ...pageOf(request.body) });
    return ok({ list: rows.map(toSale), total });
  });

  route(promoterAreaCalls.validList, async (request) => {
    const promoter = await promoterOf(deps, request);
    const { rows, total } = await listValidSales(db, { promoterId: promoter.id, ...pageOf(request.body) });
    return ok({ list: rows.map(toSale), total });
  });
}

/** The promoter's customers and one customer's detail. */
function registerPromoterCustomerRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const route = routesOf(app, deps);

  route(promoterAreaCalls.customers, async (request) => {
    const promoter = await promoterOf(deps, request);
    const { rows, total } = await listCustomers(db, { promoter, keyword: request.body.keyword, ...pageOf(request.body) });
    return ok({ list: rows.map(toCustomer), total });
  });

  route(promoterAreaCalls.customerDetail, async (request) => {
    const promoter = await promoterOf(deps, request);
    const customer = await requireCustomer(db, promoter, request.params.customerId);
    const sales = await listCustomerSales(db, { promoter, customerUserId: customer.userId, limit: CUSTOMER_DETAIL_SALES });
    return ok({ customer: toCustomer(customer), idNo: customer.idNo ? maskIdNumber(customer.idNo) : '', sales: sales.map(toSale) });
  });
}

/** The policies due for renewal within the window, and one of them. */
function registerPromoterRenewalRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const route = routesOf(app, deps);

  route(promoterAreaCalls.renewals, async (request) => {
    const promoter = await promoterOf(deps, request);
    const now = deps.now();
    const until = new Date(now.getTime() + PROMOTER_RENEWAL_WINDOW_DAYS * DAY_MS);
    const { rows, total } = await listRenewals(db, { promoter, now, until, ...pageOf(request.body) });
    return ok({ list: rows.map((row) => toRenewal(row, now, deps.manifests)), total, windowDays: PROMOTER_RENEWAL_WINDOW_DAYS });
  });

  route(promoterAreaCalls.renewalDetail, async (request) => {
    const promoter = await promoterOf(deps, request);
    const row = await findVisibleSale(db, { promoter, applicationFormCode: request.params.applicationFormCode });
    if (!row) throw forbidden('续保');
    return ok(toRenewal(row, deps.now(), deps.manifests));
  });
}

/** The promoter's reward ledger, and a link (and SMS) pushed to a customer. */
function registerPromoterRewardRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);

  route(promoterAreaCalls.rewards, async (request) => {
    const promoter = await promoterOf(deps, request);
    const { rows, sums, total } = await rewardLedger(deps.db, { promoterId: promoter.id, status: request.body.status, ...pageOf(request.body) });
    const sumOf = (status: RewardStatus) => fenToYuan(sums.find((s) => s.status === status)?.amountFen ?? 0);
    return ok({
      summary: { pending: sumOf('pending'), confirmed: sumOf('confirmed'), paid: sumOf('paid'), clawedBack: sumOf('clawedBack') },
      list: rows.map(toReward),
      total,
    });
  });

  route(promoterAreaCalls.customerPush, async (request) => {
    const promoter = await promoterOf(deps, request);
    return ok(await pushToCustomer(deps, promoter, request.body, request.log));
  });
}
