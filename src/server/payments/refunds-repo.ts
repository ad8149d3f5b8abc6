import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import type { PolicyStatus } from '../../contract/order.ts';
import { orders, payments, refunds, type RefundReason } from '../db/schema.ts';

/** Records that a payment must be given back, due for the refund job at once; recording it again is a no-op (one refund per payment). */
export async function recordRefund(
  db: Db,
  row: { paymentId: number; orderId: number; amountFen: number; reason: RefundReason; createdAt: Date },
): Promise<void> {
  await db
    .insert(refunds)
    .values({ ...row, status: 'pending', nextAttemptAt: row.createdAt, updatedAt: row.createdAt })
    .onConflictDoNothing({ target: refunds.paymentId });
}

/**
 * A refund for the order's successful payment, if it has one (an offline-fee
 * order has none): the whole payment, or what `amountOf` gives of it (clamped
 * to the payment; nothing is recorded for 0).
 */
export async function recordRefundOfOrder(db: Db, orderId: number, reason: RefundReason, now: Date, amountOf?: (paidFen: number) => number): Promise<boolean> {
  const [paid] = await db
    .select({ id: payments.id, amountFen: payments.amountFen })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')))
    .limit(1);
  if (!paid) return false;
  const amountFen = Math.min(paid.amountFen, Math.max(0, Math.floor(amountOf ? amountOf(paid.amountFen) : paid.amountFen)));
  if (amountFen === 0) return false;
  await recordRefund(db, { paymentId: paid.id, orderId, amountFen, reason, createdAt: now });
  return true;
}

/** Locks the order row and returns its stored status (the caller decides why a payment could not apply). */
export async function lockOrderStatus(db: Db, orderId: number): Promise<PolicyStatus | undefined> {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
  return row?.status;
}

/** The refunds of an order, oldest first (the detail page shows their state; no number or reason leaves the server). */
export async function listRefundsOfOrder(db: Db, orderId: number) {
  return db
    .select({ status: refunds.status, amountFen: refunds.amountFen, paidAt: refunds.paidAt })
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.id));
}

export async function countRefunds(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(refunds);
  return row?.n ?? 0;
}

/** The failed refunds, oldest first, with what the operator needs to act on them (npm run refunds -- list-failed). */
export async function listFailedRefunds(db: Db) {
  return db
    .select({
      refundNo: refunds.refundNo,
      tradeNo: payments.tradeNo,
      provider: payments.provider,
      orderCode: orders.orderCode,
      amountFen: refunds.amountFen,
      reason: refunds.reason,
      attempts: refunds.attempts,
      refusedReason: refunds.refusedReason,
      lastError: refunds.lastError,
      updatedAt: refunds.updatedAt,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.status, 'failed'))
    .orderBy(asc(refunds.updatedAt));
}

/**
 * Puts a failed refund back to pending, due now, with its attempts counted
 * afresh (npm run refunds -- retry). Its number stays, so the channel never
 * pays it twice. False when no failed refund has that number.
 */
export async function retryRefund(db: Db, refundNo: string, now: Date): Promise<boolean> {
  const moved = await db
    .update(refunds)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, refusedReason: null, lastError: null, updatedAt: now })
    .where(and(eq(refunds.refundNo, refundNo), eq(refunds.status, 'failed')))
    .returning({ id: refunds.id });
  return moved.length > 0;
}
