import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { tempForms } from '../db/schema.ts';

export type DraftRow = typeof tempForms.$inferSelect;

export async function getDraft(db: Db, serial: string): Promise<DraftRow | undefined> {
  const [row] = await db.select().from(tempForms).where(eq(tempForms.serial, serial)).limit(1);
  return row;
}

export async function insertDraft(db: Db, row: Omit<typeof tempForms.$inferInsert, 'id'>): Promise<void> {
  await db.insert(tempForms).values(row);
}

/** Updates the caller's own draft; false when it is not theirs (or gone). */
export async function updateDraft(
  db: Db,
  input: { serial: string; userId: string; productCode: string; productName: string; form: unknown; updatedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(tempForms)
    .set({ productCode: input.productCode, productName: input.productName, form: input.form, updatedAt: input.updatedAt })
    .where(and(eq(tempForms.serial, input.serial), eq(tempForms.userId, input.userId)))
    .returning({ id: tempForms.id });
  return rows.length > 0;
}

export async function listDraftsOfUser(db: Db, userId: string, productCode?: string): Promise<DraftRow[]> {
  return db
    .select()
    .from(tempForms)
    .where(and(eq(tempForms.userId, userId), productCode ? eq(tempForms.productCode, productCode) : undefined))
    .orderBy(desc(tempForms.updatedAt), desc(tempForms.id))
    .limit(50);
}

/** Deletes the caller's draft `serial`; false when there is none of theirs. */
export async function deleteDraftOfUser(db: Db, userId: string, serial: string): Promise<boolean> {
  const rows = await db
    .delete(tempForms)
    .where(and(eq(tempForms.serial, serial), eq(tempForms.userId, userId)))
    .returning({ id: tempForms.id });
  return rows.length > 0;
}
