import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { paymentNotifications, payments, sandboxOauthCodesUsed, wechatPayers, type PaymentStatus } from '../db/schema.ts';

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

/** A trade that can no longer be paid (closed on its platform): failed, unless it was meanwhile paid. */
export async function failPendingPayment(db: Db, id: number): Promise<void> {
  await db.update(payments).set({ status: 'failed' }).where(and(eq(payments.id, id), eq(payments.status, 'pending')));
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

/** Records a verified notification processed now; false for a re-delivery (its notify id was seen). */
export function recordVerifiedNotification(
  db: Db,
  notification: { notifyId: string; tradeNo: string; status: string },
  providerName: string,
  raw: string,
  now: Date,
): Promise<boolean> {
  const { notifyId, tradeNo, status } = notification;
  return recordNotification(db, { notifyId, provider: providerName, tradeNo, raw, verified: true, status, receivedAt: now, processedAt: now });
}

/** Marks a WeChat sandbox OAuth code used; false when any instance used it before (a code is good once). */
/** Records an openid the server obtained for the user from WeChat (getOpenid). */
export async function rememberWechatPayer(db: Db, userId: string, openid: string, now: Date): Promise<void> {
  await db.insert(wechatPayers).values({ userId, openid, createdAt: now }).onConflictDoNothing();
}

/** Whether the server obtained this openid for the user (JSAPI pay accepts no other). */
export async function isWechatPayerOf(db: Db, userId: string, openid: string): Promise<boolean> {
  const [row] = await db.select({ openid: wechatPayers.openid }).from(wechatPayers).where(and(eq(wechatPayers.userId, userId), eq(wechatPayers.openid, openid))).limit(1);
  return row !== undefined;
}

export async function spendOAuthCode(db: Db, code: string, now: Date): Promise<boolean> {
  const spent = await db.insert(sandboxOauthCodesUsed).values({ code, usedAt: now }).onConflictDoNothing().returning({ code: sandboxOauthCodesUsed.code });
  // Codes live 5 minutes: older marks are of no use.
  await db.delete(sandboxOauthCodesUsed).where(lt(sandboxOauthCodesUsed.usedAt, new Date(now.getTime() - 10 * 60_000)));
  return spent.length > 0;
}
