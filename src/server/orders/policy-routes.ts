import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ErrorCode } from '../../contract/envelope.ts';
import { RESUB_HEADER } from '../../contract/define-call.ts';
import { allowedEvents, APPLICATION_STATUSES, DELETABLE_STATUSES, refusalMessage, RENEWABLE_STATUSES } from '../../contract/policy-lifecycle.ts';
import { policyCalls } from '../../contract/policy.ts';
import { POLICY_STATUS_NAMES, POLICY_STATUSES } from '../../contract/policy-status.ts';
import { coverPeriod } from '../../engine/cover/cover-period.ts';
import { resolveGuaranteeYears } from '../../engine/pricing/premium.ts';
import { formatShanghai } from '../../engine/time/shanghai-time.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireManifest } from '../catalogue/manifest-store.ts';
import { currentUser } from '../http/auth-guard.ts';
import { ApiError, forbidden, notFound, ok, rejected } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { dailyCode } from '../lib/random-codes.ts';
import { SandboxInsurerProvider } from '../providers/insurer/sandbox-insurer-provider.ts';
import type { EndorsementOutcome } from '../providers/insurer/insurer-provider.ts';
import { deleteDraftOfUser, getDraft, insertDraft, listDraftsOfUser, updateDraft } from './drafts-repo.ts';
import { applyTransition, listStatusEvents, markOrderDeleted } from './lifecycle-repo.ts';
import { countFormsByStatus, listFormViewsOfUser, type FormView } from './orders-repo.ts';
import { requireOwnForm } from './own-form.ts';
import { toAppDetail, toInsuredExtend, toOrderCharge, toRenewalForm, toTempFormItem } from './policy-detail-views.ts';
import { toPolicyListItem } from './policy-views.ts';
import { isRenewable, renewalTimesOf } from './renewal.ts';
import { consumeResubToken } from './resub-tokens-repo.ts';
import { surrenderPolicy } from './surrender.ts';
import { listRefundsOfOrder } from '../payments/refunds-repo.ts';

const HOUR_MS = 3600_000;
const INSURER_NOTIFY_BODY_LIMIT = 16 * 1024;
const MSG_INSURER_BUSY = '保险公司系统繁忙，请稍后再试';

/**
 * Asks the insurer to 撤销 (before the start date: 待起保) or 退保 (in force)
 * when its provider can; a refusal is 4001 and a failure (network, 5xx after
 * the retries) 5003, either way before anything changes here. Undefined when
 * the provider has no such call.
 */
async function askInsurerToEndorse(
  deps: AppDeps,
  view: FormView,
  log: FastifyBaseLogger,
): Promise<{ kind: 'cancel' | 'surrender'; refundFen?: number } | undefined> {
  const kind = view.status === 'waitInsurance' ? 'cancel' : 'surrender';
  const insurer = deps.insurer;
  const ask = kind === 'cancel' ? insurer.cancel : insurer.surrender;
  if (!ask || !view.policyNo) return undefined;
  let outcome: EndorsementOutcome;
  try {
    outcome = await ask.call(insurer, { orderCode: view.orderCode, applicationFormCode: view.applicationFormCode, policyNo: view.policyNo });
  } catch (error) {
    log.warn({ policyNo: view.policyNo, kind, err: error }, 'insurer could not be asked to endorse');
    throw new ApiError(ErrorCode.Busy, MSG_INSURER_BUSY);
  }
  if (!outcome.ok) {
    log.info({ policyNo: view.policyNo, kind, reason: outcome.reason }, 'insurer refused the endorsement');
    throw rejected(kind === 'cancel' ? '保险公司未同意撤销保单' : '保险公司未同意退保');
  }
  return { kind, ...(outcome.refundFen === undefined ? {} : { refundFen: outcome.refundFen }) };
}

/** The policy pages' calls: lists and counts, details, cancel/delete, surrender, renewal, drafts, server time. */
export function registerPolicyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const route = routesOf(app, deps);
  const page = (body: { pageNum?: number | undefined; pageSize?: number | undefined }) => {
    const pageNum = Math.min(body.pageNum ?? 1, 1_000_000);
    const pageSize = body.pageSize ?? 15;
    return { limit: pageSize, offset: (pageNum - 1) * pageSize };
  };

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
      ...page(request.body),
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
    const manifest = deps.manifests.byProductCode(view.productCode);
    const plan = manifest?.plans.find((p) => p.code === view.planCode);
    return ok({
      policyNo: request.query.policyNo,
      productName: view.productName,
      planName: view.planName,
      startDate: formatShanghai(view.startDate),
      endDate: formatShanghai(view.endDate),
      liabilities: (plan?.risks ?? []).flatMap((risk) =>
        risk.duties.map((duty) => ({ riskName: risk.riskName, name: duty.limitName, amount: duty.showValue })),
      ),
    });
  });

  route(policyCalls.submitEndors, async (request) => {
    const user = currentUser(request);
    const now = deps.now();
    const header: unknown = request.headers[RESUB_HEADER];
    const token = typeof header === 'string' ? header : undefined;
    if (!token) throw new ApiError(ErrorCode.Resubmit, '请勿重复提交');
    const view = await requireOwnForm(db, { policyNo: request.body.policyNo }, user);
    // Spent only once the policy is known to be the caller's.
    if (!(await consumeResubToken(db, { token, userId: user.userId, now }))) throw new ApiError(ErrorCode.Resubmit, '请勿重复提交');
    if (!allowedEvents(view.status).includes('surrender')) throw rejected(refusalMessage(view.status, 'surrender'));
    const insurerAnswer = await askInsurerToEndorse(deps, view, request.log);
    const result = await surrenderPolicy(deps, view, now, insurerAnswer?.refundFen);
    if (!result.ok) {
      // The insurer agreed but the status moved meanwhile: the operator reconciles the two.
      if (insurerAnswer) request.log.error({ policyNo: request.body.policyNo, kind: insurerAnswer.kind }, 'insurer endorsed a policy whose status then changed');
      throw rejected(result.message);
    }
    request.log.info({ policyNo: request.body.policyNo, ...(insurerAnswer ?? {}) }, 'policy surrendered');
    return ok({ policyNo: request.body.policyNo, status: result.to, statusName: POLICY_STATUS_NAMES[result.to] }, '退保成功');
  });

  // The insurer's callback (delayed issuance): the raw body is what its signature covers.
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

  // ---- development: tell the sandbox insurer to refuse one of the caller's applications
  // (A development call: registered only when development endpoints are on; it acts on the caller's own application.)
  if (deps.insurer instanceof SandboxInsurerProvider) {
    const sandbox = deps.insurer;
    route(
      policyCalls.devInsurerFail,
      async (request) => {
        const view = await requireOwnForm(db, { applicationFormCode: request.body.applicationFormCode }, currentUser(request));
        sandbox.failApplication(view.applicationFormCode);
        return ok(null);
      },
      { onRequest: deps.requireUser },
    );
  }

  // ---- renewal

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
      ...page(request.body),
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

  // ---- drafts (暂存)

  route(policyCalls.saveTempForm, async (request) => {
    const user = currentUser(request);
    const now = deps.now();
    const manifest = requireManifest(deps.manifests, request.body.productCode);
    const fields = { productCode: manifest.productCode, productName: manifest.productName, form: request.body.form, updatedAt: now };
    const serial = request.body.tempSerialNo;
    if (serial) {
      if (await updateDraft(db, { serial, userId: user.userId, ...fields })) return ok({ tempSerialNo: serial, updatedAt: formatShanghai(now) });
      const other = await getDraft(db, serial);
      if (other) throw forbidden('暂存单');
      // Deleted meanwhile (e.g. ordered from another device): saved again as a new draft below.
    }
    const tempSerialNo = dailyCode('TF', now);
    await insertDraft(db, { serial: tempSerialNo, userId: user.userId, createdAt: now, ...fields });
    return ok({ tempSerialNo, updatedAt: formatShanghai(now) }, '暂存成功');
  });

  route(policyCalls.selectTempForm, async (request) => {
    const user = currentUser(request);
    const serial = request.body.tempSerialNo;
    if (serial) {
      const row = await getDraft(db, serial);
      if (!row) throw notFound('暂存单');
      if (row.userId !== user.userId) throw forbidden('暂存单');
      return ok({ list: [toTempFormItem(row, true)] });
    }
    const rows = await listDraftsOfUser(db, user.userId, request.body.productCode);
    return ok({ list: rows.map((row) => toTempFormItem(row, false)) });
  });

  route(policyCalls.deleteTempForm, async (request) => {
    const user = currentUser(request);
    const serial = request.params.serial;
    if (await deleteDraftOfUser(db, user.userId, serial)) return ok(null, '删除成功');
    if (await getDraft(db, serial)) throw forbidden('暂存单');
    throw notFound('暂存单');
  });
}

