import type { Db } from '../db/db.ts';
import { payOuts } from '../db/schema.ts';

/** Saves the pay-out record of an application form; saving again replaces it. */
export async function upsertPayOut(db: Db, row: Omit<typeof payOuts.$inferInsert, 'id'>): Promise<void> {
  const { applicationFormId: _key, createdAt: _created, ...changes } = row;
  await db
    .insert(payOuts)
    .values(row)
    .onConflictDoUpdate({ target: payOuts.applicationFormId, set: changes });
}
