import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { applicationForms, orders, payments } from '../db/schema.ts';

/** A page of the user's payment trades (of orders not deleted), newest first; of one order when `orderId` is given. */
export async function listTradesOfUser(db: Db, input: { userId: string; orderId?: number; limit: number; offset: number }) {
  const where = and(
    eq(orders.userId, input.userId),
    isNull(orders.deletedAt),
    input.orderId === undefined ? undefined : eq(orders.id, input.orderId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        tradeNo: payments.tradeNo,
        provider: payments.provider,
        amountFen: payments.amountFen,
        status: payments.status,
        createdAt: payments.createdAt,
        paidAt: payments.paidAt,
        orderCode: orders.orderCode,
        orderId: orders.id,
      })
      .from(payments)
      .innerJoin(orders, eq(payments.orderId, orders.id))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(input.limit)
      .offset(input.offset),
    db.select({ n: count() }).from(payments).innerJoin(orders, eq(payments.orderId, orders.id)).where(where),
  ]);
  // The first application form of each order names the trade (product, form code).
  const forms = new Map<number, { applicationFormCode: string; productName: string }>();
  for (const orderId of new Set(rows.map((r) => r.orderId))) {
    const [form] = await db
      .select({ applicationFormCode: applicationForms.applicationFormCode, productName: applicationForms.productName })
      .from(applicationForms)
      .where(eq(applicationForms.orderId, orderId))
      .orderBy(applicationForms.id)
      .limit(1);
    if (form) forms.set(orderId, form);
  }
  return { rows: rows.map((r) => ({ ...r, form: forms.get(r.orderId) })), total: Number(total?.n ?? 0) };
}
