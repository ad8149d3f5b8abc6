import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { refreshTokens } from '../db/schema.ts';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(
  db: Db,
  input: { tokenHash: string; familyId: string; userId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values({
    tokenHash: input.tokenHash,
    familyId: input.familyId,
    userId: input.userId,
    createdAt: input.now,
    expiresAt: input.expiresAt,
  });
}

export async function getRefreshTokenByHash(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Marks a live token rotated (with its sealed successor); false when it was already rotated or revoked (by a concurrent refresh, say). */
export async function markRotated(db: Db, id: number, now: Date, successor: { successorSealed: string; rotatedFor: string }): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: now, ...successor })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Deletes one token: the pair a lost rotation race issued, never handed out (a revoked row would end its whole session). */
export async function deleteToken(db: Db, tokenHash: string): Promise<void> {
  await db.delete(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
}
