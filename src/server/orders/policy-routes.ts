import type { FastifyInstance } from 'fastify';
import { RESUB_HEADER } from '../../contract/define-call.ts';
import { APPLICATION_STATUSES, DELETABLE_STATUSES, RENEWABLE_STATUSES } from '../../contract/policy-lifecycle.ts';
import { policyCalls } from '../../contract/policy.ts';
import { POLICY_STATUS_NAMES, POLICY_STATUSES } from '../../contract/policy-status.ts';
import { coverPeriod } from '../../engine/cover/cover-period.ts';
import { resolveGuaranteeYears } from '../../engine/pricing/premium.ts';
import { formatShanghai } from '../../engine/time/shanghai-time.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireManifest } from '../catalogue/manifest-store.ts';
import { currentUser } from '../http/auth-guard.ts';
import { ok, rejected } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { SandboxInsurerProvider } from '../providers/insurer/sandbox-insurer-provider.ts';
import { closeOrderTrades } from '../payments/pending-trades.ts';
import { listRefundsOfOrder } from '../payments/refunds-repo.ts';
import { registerDraftRoutes } from './draft-routes.ts';
import { applyTransition, listStatusEvents, markOrderDeleted } from './lifecycle-repo.ts';
import { surrenderEndorsement } from './operations/surrender-endorsement.ts';
import { countFormsByStatus, listFormViewsOfUser } from './orders-repo.ts';
import { requireOwnForm } from './own-form.ts';
import { toAppDetail, toInsuredExtend, toLiabilityDetail, toOrderCharge, toRenewalForm } from './policy-detail-views.ts';
import { toPolicyListItem } from './policy-views.ts';
import { isRenewable, renewalTimesOf } from './renewal.ts';

const HOUR_MS = 3600_000;
const INSURER_NOTIFY_BODY_LIMIT = 16 * 1024;

/** The limit and offset of a list call's page (at most page 1,000,000; 15 a page unless asked). */
function pageOf(body: { pageNum?: number | undefined; pageSize?: number | undefined }) {
  const pageNum = Math.min(body.pageNum ?? 1, 1_000_000);
  const pageSize = body.pageSize ?? 15;
  return { limit: pageSize, offset: (pageNum - 1) * pageSize };
}

/**
 * The policy pages' calls: lists and counts, details, cancel/delete, surrender
 * and the insurer's callback, server time, renewal, drafts. Registered in this
 * order, which the route list and the reference keep.
 */
export function registerPolicyRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerPolicyListRoutes(app, deps);
  registerSurrenderRoute(app, deps);
  registerInsurerNotifyRoute(app, deps);
  registerServerTimeRoutes(app, deps);
  registerSandboxInsurerRoute(app, deps);
  registerRenewalRoutes(app, deps);
  registerDraftRoutes(app, deps);
}

/** The caller's applications: counts by status, the list, charge and details, cancel and delete. */
function registerPolicyListRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const route = routesOf(app, deps);

  route(policyCalls.countAppNumByStatus, async (request) => {
    const counts = await countFormsByStatus(db, currentUser(request).userId);
    const list = POLICY_STATUSES.map((status) => ({ status, statusName: POLICY_STATUS_NAMES[status], num: counts[status] ?? 0 }));
    return ok({ total: list.reduce((sum, item) => sum + item.num, 0), list });
  });

  route(policyCalls.searchWxbAppList, async (request) => {
    const status = request.body.status;
    if (status && !APPLICATION_STATUSES.includes(status)) return ok({ list: [], total: 0 });
    const { rows, total } = await listFormViewsOfUser(db, {
      userId: currentUser(request).userId,
      ...(status ? { status } : { statuses: APPLICATION_STATUSES }),
      ...pageOf(request.body),
    });
    return ok({ list: rows.map((row) => toPolicyListItem(row, deps.manifests)), total });
  });

  route(policyCalls.searchOrderCharge, async (request) => {
    const view = await requireOwnForm(db, { orderCode: request.body.orderCode }, currentUser(request));
    return ok(toOrderCharge(view, deps.now()));
  });

  route(policyCalls.cancelOrder, async (request) => {
    const view = await requireOwnForm(db, { orderCode: request.body.orderCode }, currentUser(request));
    const result = await applyTransition(db, { orderId: view.orderId, event: 'cancel', at: deps.now(), actor: 'user' });
    if (!result.ok) throw rejected(result.message);
    await closeOrderTrades(deps, view.orderId, request.log);
    return ok({ orderCode: view.orderCode, status: result.to, statusName: POLICY_STATUS_NAMES[result.to] }, '订单已取消');
  });

  route(policyCalls.deleteOrder, async (request) => {
    const view = await requireOwnForm(db, { orderCode: request.body.orderCode }, currentUser(request));
    const deleted = await markOrderDeleted(db, view.orderId, deps.now(), DELETABLE_STATUSES);
    if (!deleted) throw rejected(`保单状态为「${POLICY_STATUS_NAMES[view.status]}」，不能删除`);
    return ok(null, '删除成功');
  });

  route(policyCalls.searchAppDetailPro, async (request) => {
    const view = await requireOwnForm(db, { applicationFormCode: request.body.applicationFormCode }, currentUser(request));
    return ok(toAppDetail(view, await listStatusEvents(db, view.formId), deps.manifests, await listRefundsOfOrder(db, view.orderId)));
  });

  route(policyCalls.insuredExtend, async (request) => {
    const view = await requireOwnForm(db, { applicationFormCode: request.body.applicationFormCode }, currentUser(request));
    return ok(toInsuredExtend(view));
  });

  route(policyCalls.liabilityPolDetail, async (request) => {
    const view = await requireOwnForm(db, { policyNo: request.query.policyNo }, currentUser(request));
    return ok(toLiabilityDetail(view, request.query.policyNo, deps.manifests));
  });
}

/** 退保 (submitEndors): once per resubmission token, the insurer asked first where it can be. */
function registerSurrenderRoute(app: FastifyInstance, deps: AppDeps): void {
  routesOf(app, deps)(policyCalls.submitEndors, async (request) => {
    const header: unknown = request.headers[RESUB_HEADER];
    const token = typeof header === 'string' ? header : undefined;
    const status = await surrenderEndorsement(deps, currentUser(request), { policyNo: request.body.policyNo, token }, request.log);
    return ok({ policyNo: request.body.policyNo, status, statusName: POLICY_STATUS_NAMES[status] }, '退保成功');
  });
}

/** The insurer's callback (delayed issuance): the raw body is what its signature covers. */
function registerInsurerNotifyRoute(app: FastifyInstance, deps: AppDeps): void {
  void app.register(async (scope) => {
    // Encapsulated: only this route reads bodies as verbatim text.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string', bodyLimit: INSURER_NOTIFY_BODY_LIMIT }, (_request, body, done) => done(null, body));
    routesOf(scope, deps)(policyCalls.insurerNotify, async (request, reply) => {
      const insurer = deps.insurer;
      if (request.params.provider !== insurer.name || !insurer.handleCallback) {
        return reply.status(404).type('application/json').send(JSON.stringify({ code: 'NOT_FOUND', message: 'no such insurer callback' }));
      }
      // A failure of ours (the database) is 503, so that the insurer delivers again; never a 500.
      const answer = await insurer.handleCallback(request.headers, String(request.body ?? '')).catch((error: unknown) => {
        request.log.error({ err: error, provider: request.params.provider }, 'insurer callback could not be applied');
        return { status: 503, body: { code: 'SYSTEM_BUSY', message: 'try again later' } };
      });
      if (answer.status !== 200) request.log.warn({ provider: request.params.provider, code: answer.body.code }, 'insurer callback refused');
      // Sent as text: the protocol's {code, message}, not the envelope the error statuses are declared with.
      return reply.status(answer.status).type('application/json').send(JSON.stringify(answer.body));
    });
  });
}

/** The cover period of a product's start, and the server's clock. */
function registerServerTimeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);

  route(policyCalls.getStartTime, async (request) => {
    const manifest = requireManifest(deps.manifests, request.query.productCode);
    const years = resolveGuaranteeYears(manifest, request.query.insureYear);
    if (years === null) throw rejected('保障年限无效');
    const period = coverPeriod(manifest, deps.now(), years);
    return ok({ startTime: period.startDate, endTime: period.endDate });
  });

  route(policyCalls.nextHourTime, async () => {
    const now = deps.now().getTime();
    // Beijing's offset is whole hours: its hours begin when UTC's do.
    const next = new Date(Math.floor(now / HOUR_MS) * HOUR_MS + HOUR_MS);
    return ok({ time: formatShanghai(next), timestamp: next.getTime() });
  });

  route(policyCalls.getCurrentTime, async () => {
    const now = deps.now();
    return ok({ time: formatShanghai(now), timestamp: now.getTime() });
  });
}

/**
 * Development: tell the sandbox insurer to refuse one of the caller's applications. A development call:
 * registered only when development endpoints are on; it acts on the caller's own application.
 */
function registerSandboxInsurerRoute(app: FastifyInstance, deps: AppDeps): void {
  if (deps.insurer instanceof SandboxInsurerProvider) {
    const sandbox = deps.insurer;
    routesOf(app, deps)(
      policyCalls.devInsurerFail,
      async (request) => {
        const view = await requireOwnForm(deps.db, { applicationFormCode: request.body.applicationFormCode }, currentUser(request));
        sandbox.failApplication(view.applicationFormCode);
        return ok(null);
      },
      { onRequest: deps.requireUser },
    );
  }
}

/** Renewal (续保): the renewable products, the caller's policies they renew, and a policy's renewal form. */
function registerRenewalRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const route = routesOf(app, deps);

  route(policyCalls.renewalProducts, async () =>
    ok({
      list: deps.manifests.online.filter(isRenewable).map((m) => ({
        productCode: m.productCode,
        productName: m.productName,
        renewalLabel: m.renewalLabel,
        detailRoute: m.routes[0] ?? '/newProductDetail',
        insurancePeriod: m.detail.insurancePeriod,
      })),
    }),
  );

  route(policyCalls.selectRenewalList, async (request) => {
    // The renewal products' issued policies; the renewal product codes are few, so they filter in SQL.
    const codes = deps.manifests.all
      .filter(isRenewable)
      .flatMap((m) => [m.productCode, ...(m.aliasCodes ?? [])])
      .filter((code) => !request.body.productCode || deps.manifests.byProductCode(code) === deps.manifests.byProductCode(request.body.productCode));
    const { rows, total } = await listFormViewsOfUser(db, {
      userId: currentUser(request).userId,
      statuses: RENEWABLE_STATUSES,
      productCodes: codes,
      ...pageOf(request.body),
    });
    return ok({
      list: rows.map((row) => ({
        ...toPolicyListItem(row, deps.manifests),
        renewalTimes: renewalTimesOf(row.renewal),
        detailRoute: deps.manifests.byProductCode(row.productCode)?.routes[0] ?? '/newProductDetail',
      })),
      total,
    });
  });

  route(policyCalls.renewalForm, async (request) => {
    const view = await requireOwnForm(db, { applicationFormCode: request.body.applicationFormCode }, currentUser(request));
    if (!RENEWABLE_STATUSES.includes(view.status)) throw rejected('该保单暂不能续保');
    return ok(toRenewalForm(view));
  });
}
