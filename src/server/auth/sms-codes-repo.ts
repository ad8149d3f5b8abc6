import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { smsCodes, type SmsPurpose } from '../db/schema.ts';

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

/** A try's outcome: whether the code matched, and the wrong tries now counted. */
export interface CodeTry {
  matched: boolean;
  attempts: number;
}

/**
 * One try at the live code of phone+purpose, in one statement: the row must be
 * unused, unexpired and below `maxAttempts`; a wrong code adds a try and a right
 * one is used up (`consume`). Concurrent tries queue on the row's lock and each
 * re-reads it, so no more than `maxAttempts` wrong codes are ever compared and
 * a code is used once. The hashes are HMACs of the typed code, so comparing
 * them in SQL tells a timing observer nothing about the code.
 * @returns undefined when no live code is there (none, used, expired or burned)
 */
export async function tryCode(
  db: Db,
  input: { phone: string; purpose: SmsPurpose; codeHash: string; now: Date; maxAttempts: number; consume: boolean },
): Promise<CodeTry | undefined> {
  const matches = sql`(${smsCodes.codeHash} = ${input.codeHash})`;
  const nowAt = sql`${input.now.toISOString()}::timestamptz`;
  const [row] = await db
    .update(smsCodes)
    .set({
      attempts: sql`${smsCodes.attempts} + case when ${matches} then 0 else 1 end`,
      ...(input.consume ? { usedAt: sql`case when ${matches} then ${nowAt} else null end` } : {}),
    })
    .where(
      and(
        eq(smsCodes.phone, input.phone),
        eq(smsCodes.purpose, input.purpose),
        isNull(smsCodes.usedAt),
        gt(smsCodes.expiresAt, input.now),
        lt(smsCodes.attempts, input.maxAttempts),
      ),
    )
    .returning({ matched: sql<boolean>`${matches}`, attempts: smsCodes.attempts });
  return row ? { matched: Boolean(row.matched), attempts: row.attempts } : undefined;
}
