import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { resubTokens } from '../db/schema.ts';

export async function insertResubToken(
  db: Db,
  input: { token: string; userId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(resubTokens).values({
    token: input.token,
    userId: input.userId,
    createdAt: input.now,
    expiresAt: input.expiresAt,
  });
}

type TokenInput = { token: string; userId: string; now: Date };

/** The user's unused, unexpired token. */
const liveToken = (input: TokenInput) =>
  and(eq(resubTokens.token, input.token), eq(resubTokens.userId, input.userId), isNull(resubTokens.usedAt), gt(resubTokens.expiresAt, input.now));

/**
 * Uses a token once: a single conditional UPDATE, so two requests carrying the
 * same token cannot both pass. False for unknown, used, expired or foreign tokens.
 */
export async function consumeResubToken(db: Db, input: TokenInput): Promise<boolean> {
  const rows = await db.update(resubTokens).set({ usedAt: input.now }).where(liveToken(input)).returning({ token: resubTokens.token });
  return rows.length > 0;
}
