import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import type { PolicyStatus } from '../../contract/order.ts';
import { orders, payments, refunds, type RefundReason } from '../db/schema.ts';

/** Records that a payment must be given back; recording it again is a no-op (one refund per payment). */
export async function recordRefund(
  db: Db,
  row: { paymentId: number; orderId: number; amountFen: number; reason: RefundReason; createdAt: Date },
): Promise<void> {
  await db.insert(refunds).values({ ...row, status: 'pending' }).onConflictDoNothing({ target: refunds.paymentId });
}

/** A refund for the order's successful payment, if it has one (an offline-fee order has none). */
export async function recordRefundOfOrder(db: Db, orderId: number, reason: RefundReason, now: Date): Promise<boolean> {
  const [paid] = await db
    .select({ id: payments.id, amountFen: payments.amountFen })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')))
    .limit(1);
  if (!paid) return false;
  await recordRefund(db, { paymentId: paid.id, orderId, amountFen: paid.amountFen, reason, createdAt: now });
  return true;
}

/** Locks the order row and returns its stored status (the caller decides why a payment could not apply). */
export async function lockOrderStatus(db: Db, orderId: number): Promise<PolicyStatus | undefined> {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
  return row?.status;
}

export async function countRefunds(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(refunds);
  return row?.n ?? 0;
}
