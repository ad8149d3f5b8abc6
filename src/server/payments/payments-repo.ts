import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { paymentNotifications, payments, type PaymentStatus } from '../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertPayment(db: Db, row: typeof payments.$inferInsert): Promise<void> {
  await db.insert(payments).values(row);
}

export async function getPaymentByTradeNo(db: Db, tradeNo: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.tradeNo, tradeNo)).limit(1);
  return row;
}

/** Locks the payment row until the transaction ends: notifications of one trade are processed one at a time. */
export async function lockPaymentByTradeNo(db: Db, tradeNo: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.tradeNo, tradeNo)).limit(1).for('update');
  return row;
}

export async function getPendingPayment(db: Db, orderId: number, provider: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, provider), eq(payments.status, 'pending')))
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

export async function setPaymentStatus(db: Db, id: number, status: PaymentStatus, paidAt: Date | null): Promise<void> {
  await db.update(payments).set({ status, paidAt }).where(eq(payments.id, id));
}

/**
 * Records a notification once. False when its notify_id was seen before: the
 * unique key makes a re-delivery (or a concurrent duplicate, which waits on the
 * key until the first transaction ends) a no-op.
 */
export async function recordNotification(db: Db, row: typeof paymentNotifications.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(paymentNotifications)
    .values(row)
    .onConflictDoNothing({ target: paymentNotifications.notifyId })
    .returning({ id: paymentNotifications.id });
  return inserted.length > 0;
}
