import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { requestIssue } from '../orders/issuance.ts';
import { listOrdersWaitingIssue } from '../orders/orders-repo.ts';

type IssueDeps = Pick<AppDeps, 'db' | 'now' | 'insurer' | 'config'>;

/**
 * Hands a paid order (waitIssue) to the insurer. The outcome comes back
 * through the lifecycle (`applyIssueOutcome`): 待起保 / 保障中, or 出单失败
 * with a pending refund of the payment. Never throws: the payment stands
 * either way, and an order left in waitIssue by a crash is picked up by
 * {@link retryWaitingIssues}.
 */
export async function issuePolicyForOrder(deps: IssueDeps, orderId: number, log: FastifyBaseLogger): Promise<void> {
  await requestIssue(deps, orderId, log);
}

/** Issues orders paid more than a minute ago but never issued (the process stopped in between). */
export async function retryWaitingIssues(deps: IssueDeps, log: FastifyBaseLogger): Promise<number> {
  const stuck = await listOrdersWaitingIssue(deps.db, new Date(deps.now().getTime() - 60_000));
  for (const { orderId } of stuck) await issuePolicyForOrder(deps, orderId, log);
  return stuck.length;
}
