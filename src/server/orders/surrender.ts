import { surrenderRefundFen } from '../../engine/cover/surrender-refund.ts';
import type { AppDeps } from '../app-deps.ts';
import { recordRefundOfOrder } from '../payments/refunds-repo.ts';
import type { TransitionResult } from '../../contract/policy-lifecycle.ts';
import { applyTransition } from './lifecycle-repo.ts';
import type { FormView } from './orders-repo.ts';

/**
 * Surrenders the holder's policy (退保) and, in the same transaction, records
 * the refund of its premium the product gives back (`order.surrenderRefund`),
 * or the insurer's own figure when it answered one (`insurerRefundFen`),
 * never above what was paid. The refund job pays it to the channel.
 */
export async function surrenderPolicy(
  deps: Pick<AppDeps, 'db' | 'manifests'>,
  view: FormView,
  at: Date,
  insurerRefundFen?: number,
): Promise<TransitionResult> {
  const rule = deps.manifests.byProductCode(view.productCode)?.order.surrenderRefund ?? 'unearned';
  return deps.db.transaction(async (tx) => {
    const db = tx as unknown as typeof deps.db;
    const result = await applyTransition(db, { orderId: view.orderId, event: 'surrender', at, actor: 'user' });
    if (result.ok) {
      await recordRefundOfOrder(db, view.orderId, 'surrender', at, (paidFen) =>
        insurerRefundFen ?? surrenderRefundFen(rule, { paidFen, start: view.startDate, end: view.endDate, at }),
      );
    }
    return result;
  });
}
