import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { notFound, rejected } from '../http/envelope.ts';
import { markOrderPaid } from '../orders/orders-repo.ts';
import { NotificationRejected, type VerifiedNotification } from '../providers/payment/payment-provider.ts';
import { issuePolicyForOrder } from './issue-policy.ts';
import { lockPaymentByTradeNo, recordNotification, setPaymentStatus } from './payments-repo.ts';

type NotifyDeps = Pick<AppDeps, 'db' | 'now' | 'payments' | 'insurer'>;

export type NotificationOutcome = 'paid' | 'duplicate' | 'alreadyPaid' | 'failed';

/**
 * Handles one payment notification, exactly once.
 *
 * Verification happens before anything is written, so a forged or tampered
 * notification changes nothing. In one transaction the notification is
 * recorded (its unique notify_id turns re-deliveries into no-ops), the trade
 * is locked, the amount checked, and the order moved toBePaid → waitIssue by
 * a conditional UPDATE (only one notification can win it). The policy is
 * issued after the commit, so a slow insurer never holds the row lock.
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
    notification = await provider.verifyNotification(input.rawBody, input.headers);
  } catch (error) {
    if (!(error instanceof NotificationRejected)) throw error;
    log.warn({ provider: input.provider, reason: error.message }, 'payment notification rejected');
    throw rejected('通知验签失败');
  }

  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const fresh = await recordNotification(tx, {
      notifyId: notification.notifyId,
      provider: provider.name,
      tradeNo: notification.tradeNo,
      raw: input.rawBody,
      verified: true,
      status: notification.status,
      receivedAt: now,
      processedAt: now,
    });
    if (!fresh) return { outcome: 'duplicate' as const };
    const payment = await lockPaymentByTradeNo(tx, notification.tradeNo);
    if (!payment || payment.provider !== provider.name) throw notFound('交易');
    // Throwing rolls the whole transaction back, the notification record included.
    if (notification.amountFen !== payment.amountFen) throw rejected('通知金额与订单金额不符');
    if (notification.status === 'FAIL') {
      if (payment.status === 'pending') await setPaymentStatus(tx, payment.id, 'failed', null);
      return { outcome: 'failed' as const };
    }
    if (payment.status === 'succeeded' || payment.status === 'duplicate') return { outcome: 'duplicate' as const };
    const won = await markOrderPaid(tx, payment.orderId, notification.paidAt);
    // Money for an order another trade already paid: keep it visible for a refund, never lose it.
    await setPaymentStatus(tx, payment.id, won ? 'succeeded' : 'duplicate', notification.paidAt);
    return won ? { outcome: 'paid' as const, orderId: payment.orderId } : { outcome: 'alreadyPaid' as const };
  });

  if (result.outcome === 'alreadyPaid') {
    log.warn({ tradeNo: notification.tradeNo }, 'payment for an order that was already paid: refund needed');
  }
  if (result.outcome === 'paid') await issuePolicyForOrder(deps, result.orderId, log);
  return result.outcome;
}
