import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { isAsyncInsurer, type IssueOutcome, type IssueRequest } from '../providers/insurer/insurer-provider.ts';
import { recordRefundOfOrder } from '../payments/refunds-repo.ts';
import { applyTransition } from './lifecycle-repo.ts';
import { recordSubmission } from './insurer-queries.ts';
import { getFormView, markIssuedByDates, type FormView } from './orders-repo.ts';
import { healthAnswersOf } from './health-answers-repo.ts';

type IssueDeps = Pick<AppDeps, 'db' | 'now' | 'insurer' | 'config'>;

/** What the insurer is sent for an order's application, with its health notice answers when it has them. */
export async function issueRequestOf(db: IssueDeps['db'], view: FormView): Promise<IssueRequest> {
  const healthAnswers = await healthAnswersOf(db, view.formId);
  return {
    orderCode: view.orderCode,
    applicationFormCode: view.applicationFormCode,
    productCode: view.productCode,
    planCode: view.planCode,
    premiumFen: view.premiumFen,
    startDate: view.startDate,
    endDate: view.endDate,
    holder: view.holder as Record<string, unknown>,
    insureds: view.insureds as Record<string, unknown>[],
    ...(healthAnswers ? { healthAnswers } : {}),
  };
}

/**
 * Asks the insurer to issue a paid order (waitIssue). With an asynchronous
 * insurer this only hands the application over: the outcome comes back
 * through {@link applyIssueOutcome}. With a synchronous one the outcome is
 * applied here. Never throws: an order left in waitIssue is asked again
 * later (at start, see the payments' retry of waiting issues).
 */
export async function requestIssue(deps: IssueDeps, orderId: number, log: FastifyBaseLogger): Promise<void> {
  try {
    const view = await getFormView(deps.db, { orderId });
    if (!view || view.status !== 'waitIssue') return;
    const request = await issueRequestOf(deps.db, view);
    if (isAsyncInsurer(deps.insurer)) {
      // Recorded before it is sent: a request lost on the way is found by the query job and sent again.
      if (deps.insurer.query) await recordSubmission(deps, view.orderId);
      await deps.insurer.submit(request);
      return;
    }
    let outcome: IssueOutcome;
    try {
      const { policyNo } = await deps.insurer.issue(request);
      outcome = { applicationFormCode: view.applicationFormCode, ok: true, policyNo };
    } catch (error) {
      outcome = { applicationFormCode: view.applicationFormCode, ok: false, reason: error instanceof Error ? error.message : 'refused' };
    }
    await applyIssueOutcome(deps, outcome, log);
  } catch (error) {
    log.error({ err: error, orderId }, 'could not request the issue of the policy');
  }
}

/**
 * Applies the insurer's outcome through the lifecycle, once: waitIssue →
 * waitInsurance (cover starts later) / guarantee (already started), or
 * issueFail (the premium is to be refunded). A repeated or late outcome for
 * an order no longer waiting is ignored. Throws on a database failure, so
 * that the insurer delivers the outcome again.
 */
export async function applyIssueOutcome(deps: Pick<AppDeps, 'db' | 'now'>, outcome: IssueOutcome, log: FastifyBaseLogger): Promise<void> {
  const view = await getFormView(deps.db, { applicationFormCode: outcome.applicationFormCode });
  if (!view) {
    log.warn({ applicationFormCode: outcome.applicationFormCode }, 'issue outcome for an unknown application');
    return;
  }
  if (outcome.orderCode !== undefined && outcome.orderCode !== view.orderCode) {
    log.warn({ applicationFormCode: outcome.applicationFormCode, orderCode: outcome.orderCode }, 'issue outcome names another order: ignored');
    return;
  }
  if (view.status !== 'waitIssue') return;
  const now = deps.now();
  if (outcome.ok) {
    await markIssuedByDates(deps.db, { orderId: view.orderId, policyNo: outcome.policyNo, startDate: view.startDate, now });
    return;
  }
  log.warn({ applicationFormCode: outcome.applicationFormCode, reason: outcome.reason }, 'insurer refused the policy: refund due');
  // The status and the refund of what was paid commit together (recorded once per payment).
  await deps.db.transaction(async (tx) => {
    const result = await applyTransition(tx as unknown as typeof deps.db, { orderId: view.orderId, event: 'issueFail', at: now, actor: 'insurer' });
    if (result.ok) await recordRefundOfOrder(tx as unknown as typeof deps.db, view.orderId, 'issueFail', now);
  });
}
