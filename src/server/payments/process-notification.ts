import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { notFound, rejected } from '../http/envelope.ts';
import { NotificationRejected, type VerifiedNotification } from '../providers/payment/payment-provider.ts';
import { issuePolicyForOrder } from './issue-policy.ts';
import { lockPaymentByTradeNo, recordVerifiedNotification, setPaymentStatus } from './payments-repo.ts';
import { markOrderPaid } from '../orders/orders-repo.ts';
import { lockOrderStatus, recordRefund } from './refunds-repo.ts';
import { applyRefundNotification } from './refund-payouts.ts';
import { PAID_STATUSES } from '../../contract/policy-lifecycle.ts';

type NotifyDeps = Pick<AppDeps, 'db' | 'now' | 'payments' | 'insurer' | 'config'>;

/** The refusal of a notification that does not verify (the route answers it as HTTP 401 in WeChat's style). */
export const MSG_NOTIFY_REJECTED = '通知验签失败';

/** `duplicatePaid`/`late`: money that could not apply to its order, recorded in `refunds`; `refund`: a refund's notification. */
export type NotificationOutcome = 'paid' | 'duplicate' | 'duplicatePaid' | 'late' | 'failed' | 'refund';

/**
 * Handles one payment notification, exactly once.
 *
 * Verification happens before anything is written, so a forged or tampered
 * notification changes nothing. In one transaction the notification is
 * recorded (its unique notify_id turns re-deliveries into no-ops), the trade
 * is locked, the amount checked, and the order moved toBePaid → waitIssue by
 * a conditional UPDATE (only one notification can win it). Money that cannot
 * apply — the order was already paid by another trade, or it was closed,
 * cancelled or timed out when the money was taken — is never dropped: the
 * payment is marked `duplicate`/`late` and a pending refund is recorded in
 * the same transaction. The policy is issued after the commit, so a slow
 * insurer never holds the row lock. A refund's notification posted to the
 * same route (Alipay) is told apart by the provider's
 * verifyRefundNotification and applied to its refund instead
 * (refund-payouts.ts).
 */
export async function processNotification(
  deps: NotifyDeps,
  input: { provider: string; rawBody: string; headers: Record<string, string | string[] | undefined> },
  log: FastifyBaseLogger,
): Promise<NotificationOutcome> {
  const provider = deps.payments.get(input.provider);
  if (!provider) throw notFound('支付渠道');
  let notification: VerifiedNotification;
  try {
    // A channel that posts its refund notifications here too (Alipay) tells them apart; null: a payment's.
    const refund = provider.verifyRefundNotification ? await provider.verifyRefundNotification(input.rawBody, input.headers) : null;
    if (refund) {
      const applied = await applyRefundNotification(deps, provider.name, refund, input.rawBody);
      log.info({ provider: provider.name, refundNo: refund.refundNo, state: refund.state, applied }, 'refund notification processed');
      return 'refund';
    }
    notification = await provider.verifyNotification(input.rawBody, input.headers);
  } catch (error) {
    if (!(error instanceof NotificationRejected)) throw error;
    log.warn({ provider: input.provider, reason: error.message }, 'payment notification rejected');
    throw rejected(MSG_NOTIFY_REJECTED);
  }
  return applyVerifiedPayment(deps, provider.name, notification, input.rawBody, log);
}

/**
 * Applies a verified payment report (a notification, or the platform's answer
 * to a query when no notification came) exactly once; see
 * {@link processNotification}. `raw` is kept for audit.
 */
export async function applyVerifiedPayment(
  deps: NotifyDeps,
  providerName: string,
  notification: VerifiedNotification,
  raw: string,
  log: FastifyBaseLogger,
): Promise<NotificationOutcome> {
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const fresh = await recordVerifiedNotification(tx, notification, providerName, raw, now);
    if (!fresh) return { outcome: 'duplicate' as const };
    const payment = await lockPaymentByTradeNo(tx, notification.tradeNo);
    if (!payment || payment.provider !== providerName) throw notFound('交易');
    // Throwing rolls the whole transaction back, the notification record included.
    if (notification.amountFen !== payment.amountFen) throw rejected('通知金额与订单金额不符');
    if (notification.status === 'FAIL') {
      if (payment.status === 'pending') await setPaymentStatus(tx, payment.id, 'failed', null);
      return { outcome: 'failed' as const };
    }
    if (payment.status === 'succeeded' || payment.status === 'duplicate' || payment.status === 'late') {
      return { outcome: 'duplicate' as const };
    }
    // Locked first: a concurrent cancel or timeout of the order waits for this decision.
    const orderStatus = await lockOrderStatus(tx, payment.orderId);
    // Through the lifecycle's transition table: paid only while the order's own pay deadline holds
    // (a manifest may set it, 7 days for Linyi); a payment after it times the order out instead.
    const won = await markOrderPaid(tx, payment.orderId, notification.paidAt);
    if (won) {
      await setPaymentStatus(tx, payment.id, 'succeeded', notification.paidAt);
      return { outcome: 'paid' as const, orderId: payment.orderId };
    }
    const alreadyPaid = orderStatus !== undefined && PAID_STATUSES.includes(orderStatus);
    await setPaymentStatus(tx, payment.id, alreadyPaid ? 'duplicate' : 'late', notification.paidAt);
    await recordRefund(tx, {
      paymentId: payment.id,
      orderId: payment.orderId,
      amountFen: payment.amountFen,
      reason: alreadyPaid ? 'duplicatePayment' : 'latePayment',
      createdAt: now,
    });
    return { outcome: alreadyPaid ? ('duplicatePaid' as const) : ('late' as const) };
  });
  if (result.outcome === 'duplicatePaid' || result.outcome === 'late') {
    log.warn({ tradeNo: notification.tradeNo, outcome: result.outcome }, 'payment could not apply to its order: refund recorded');
  }
  if (result.outcome === 'paid') await issuePolicyForOrder(deps, result.orderId, log);
  return result.outcome;
}
