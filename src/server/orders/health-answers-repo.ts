/** The health notice answers of an application form (table health_answers, docs/adding-a-product.md "Health notice"). */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { applicationForms, healthAnswers } from '../db/schema.ts';

/** Stores the answers with every application form of the order (in the order's transaction). */
export async function saveHealthAnswers(db: Db, orderId: number, answers: Readonly<Record<string, string>>, now: Date): Promise<void> {
  await db
    .insert(healthAnswers)
    .select(
      db
        .select({ applicationFormId: applicationForms.id, answers: sql`${JSON.stringify(answers)}::jsonb`.as('answers'), createdAt: sql`${now.toISOString()}::timestamptz`.as('created_at') })
        .from(applicationForms)
        .where(eq(applicationForms.orderId, orderId)),
    );
}

/** The answers of an application form, or null for a product without a health notice. */
export async function healthAnswersOf(db: Db, applicationFormId: number): Promise<Record<string, string> | null> {
  const [row] = await db.select({ answers: healthAnswers.answers }).from(healthAnswers).where(eq(healthAnswers.applicationFormId, applicationFormId));
  return row?.answers ?? null;
}
