import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { smsCodes, type SmsPurpose } from '../db/schema.ts';

export type SmsCodeRow = typeof smsCodes.$inferSelect;

/**
 * Stores a new code for phone+purpose unless one was sent after `resendAfter`.
 * One atomic upsert, so two simultaneous sends cannot both pass the 60 s rule.
 * @returns false when rate-limited
 */
export async function upsertSmsCode(
  db: Db,
  input: { phone: string; purpose: SmsPurpose; codeHash: string; now: Date; expiresAt: Date; resendAfter: Date },
): Promise<boolean> {
  const fresh = { codeHash: input.codeHash, sentAt: input.now, expiresAt: input.expiresAt, attempts: 0, usedAt: null };
  const rows = await db
    .insert(smsCodes)
    .values({ phone: input.phone, purpose: input.purpose, ...fresh })
    .onConflictDoUpdate({
      target: [smsCodes.phone, smsCodes.purpose],
      set: fresh,
      setWhere: lte(smsCodes.sentAt, input.resendAfter),
    })
    .returning({ id: smsCodes.id });
  return rows.length > 0;
}

export async function getSmsCode(db: Db, phone: string, purpose: SmsPurpose): Promise<SmsCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
    .limit(1);
  return row;
}

export async function countWrongAttempt(db: Db, id: number): Promise<void> {
  await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(eq(smsCodes.id, id));
}

/** Marks the code used if it is still live; false when another request used or burned it first. */
export async function consumeSmsCode(
  db: Db,
  input: { id: number; codeHash: string; now: Date; maxAttempts: number },
): Promise<boolean> {
  const rows = await db
    .update(smsCodes)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(smsCodes.id, input.id),
        eq(smsCodes.codeHash, input.codeHash),
        isNull(smsCodes.usedAt),
        gt(smsCodes.expiresAt, input.now),
        lt(smsCodes.attempts, input.maxAttempts),
      ),
    )
    .returning({ id: smsCodes.id });
  return rows.length > 0;
}
