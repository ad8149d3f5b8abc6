import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { statusClock } from '../orders/effective-status.ts';
import { getFormView, listOrdersWaitingIssue, markFormIssued, markFormIssueFailed } from '../orders/orders-repo.ts';
import { recordRefundOfOrder } from './refunds-repo.ts';

type IssueDeps = Pick<AppDeps, 'db' | 'now' | 'insurer'>;

/**
 * Asks the insurer to issue the policy of a paid order: waitIssue → 待起保
 * (cover starts later) or 保障中 (already started), or 出单失败 when the
 * insurer refuses (with a pending refund of the payment). Never throws: the payment stands either way, and an order
 * left in waitIssue by a crash is picked up by {@link retryWaitingIssues}.
 */
export async function issuePolicyForOrder(deps: IssueDeps, orderId: number, log: FastifyBaseLogger): Promise<void> {
  // Only the stored status matters here, so the payment timeout is irrelevant (0).
  const view = await getFormView(deps.db, { orderId }, statusClock(deps.now(), 0)).catch((error: unknown) => {
    log.error({ err: error, orderId }, 'could not load the order to issue');
    return undefined;
  });
  if (!view || view.storedStatus !== 'waitIssue') return;
  const ids = { formId: view.formId, orderId: view.orderId };
  try {
    const { policyNo } = await deps.insurer.issue({
      applicationFormCode: view.applicationFormCode,
      productCode: view.productCode,
      planCode: view.planCode,
      premiumFen: view.premiumFen,
      startDate: view.startDate,
      endDate: view.endDate,
    });
    const now = deps.now();
    const status = view.startDate > now ? 'waitInsurance' : 'guarantee';
    await markFormIssued(deps.db, { ...ids, policyNo, status, issuedAt: now });
  } catch (error) {
    log.error({ err: error, applicationFormCode: view.applicationFormCode }, 'policy issue failed');
    try {
      await markFormIssueFailed(deps.db, ids);
      // The insurer will not cover what was paid: the money goes back (recorded once per payment).
      await recordRefundOfOrder(deps.db, view.orderId, 'issueFail', deps.now());
    } catch (markError) {
      log.error({ err: markError, applicationFormCode: view.applicationFormCode }, 'could not mark issue failure');
    }
  }
}

/** Issues orders paid more than a minute ago but never issued (the process stopped in between). */
export async function retryWaitingIssues(deps: IssueDeps, log: FastifyBaseLogger): Promise<number> {
  const stuck = await listOrdersWaitingIssue(deps.db, new Date(deps.now().getTime() - 60_000));
  for (const { orderId } of stuck) await issuePolicyForOrder(deps, orderId, log);
  return stuck.length;
}
