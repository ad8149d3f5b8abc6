import type { Db } from '../db/db.ts';
import { eq } from 'drizzle-orm';
import { payOuts, refunds } from '../db/schema.ts';

/** Saves the pay-out record of an application form; saving again replaces it. */
export async function upsertPayOut(db: Db, row: Omit<typeof payOuts.$inferInsert, 'id'>): Promise<void> {
  const { applicationFormId: _key, createdAt: _created, ...changes } = row;
  await db
    .insert(payOuts)
    .values(row)
    .onConflictDoUpdate({ target: payOuts.applicationFormId, set: changes });
}

export async function getPayOut(db: Db, applicationFormId: number) {
  const [row] = await db.select().from(payOuts).where(eq(payOuts.applicationFormId, applicationFormId)).limit(1);
  return row;
}

export async function refundExists(db: Db, paymentId: number): Promise<boolean> {
  const [row] = await db.select({ id: refunds.id }).from(refunds).where(eq(refunds.paymentId, paymentId)).limit(1);
  return Boolean(row);
}
