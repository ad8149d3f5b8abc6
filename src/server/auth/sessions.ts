import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { refreshTokens, users } from '../db/schema.ts';
import type { TokenPair } from '../../contract/auth.ts';
import type { Db } from '../db/db.ts';
import { randomToken, sha256Hex } from '../lib/random-codes.ts';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessClaims, type AccessTokens, type AuthUser } from './access-token.ts';
import { getRefreshTokenByHash, insertRefreshToken, markRotated, revokeFamily } from './refresh-tokens-repo.ts';
import { getUserById } from './users-repo.ts';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionDeps {
  db: Db;
  tokens: AccessTokens;
  now: () => Date;
}

/** An access token plus a refresh token of `familyId` (a new family at log-in). */
export async function issueTokenPair(
  deps: SessionDeps,
  user: AuthUser & { tokenVersion: number },
  familyId: string = randomUUID(),
): Promise<TokenPair> {
  const now = deps.now();
  const refreshToken = randomToken(32);
  // Only the hash is stored: a copy of the table cannot be replayed as tokens.
  await insertRefreshToken(deps.db, {
    tokenHash: sha256Hex(refreshToken),
    familyId,
    userId: user.userId,
    now,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
  });
  const claims: AccessClaims = { userId: user.userId, userCode: user.userCode, sessionId: familyId, tokenVersion: user.tokenVersion };
  return { token: await deps.tokens.sign(claims), refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

export type RefreshOutcome = { ok: true; pair: TokenPair } | { ok: false; reason: 'unknown' | 'expired' | 'reused' };

/**
 * Rotates a refresh token: the presented one is retired and a new one of the
 * same family is issued. Presenting a retired token means it was copied, so
 * the whole family (every device session descending from that log-in) is revoked.
 */
export async function rotateRefreshToken(deps: SessionDeps, presented: string): Promise<RefreshOutcome> {
  const now = deps.now();
  const row = await getRefreshTokenByHash(deps.db, sha256Hex(presented));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.rotatedAt || row.revokedAt) {
    await revokeFamily(deps.db, row.familyId, now);
    return { ok: false, reason: 'reused' };
  }
  if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
  // Two refreshes racing with the same token: the loser is treated as reuse, like a thief would be.
  if (!(await markRotated(deps.db, row.id, now))) {
    await revokeFamily(deps.db, row.familyId, now);
    return { ok: false, reason: 'reused' };
  }
  const user = await getUserById(deps.db, row.userId);
  if (!user) return { ok: false, reason: 'unknown' };
  const pair = await issueTokenPair(deps, { userId: user.id, userCode: user.userCode, tokenVersion: user.tokenVersion }, row.familyId);
  return { ok: true, pair };
}

/**
 * The server-side check behind every protected call: an access token is dead
 * once its session (refresh family) was logged out or revoked for reuse, or
 * once its user changed the password (token version bumped). One query.
 */
export async function isSessionRevoked(db: Db, claims: AccessClaims): Promise<boolean> {
  const [row] = await db
    .select({
      tokenVersion: users.tokenVersion,
      revoked: sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${claims.sessionId} and ${refreshTokens.revokedAt} is not null)`,
    })
    .from(users)
    .where(eq(users.id, claims.userId))
    .limit(1);
  if (!row) return true;
  return row.tokenVersion !== claims.tokenVersion || Boolean(row.revoked);
}

/** Log-out of one device: its refresh family is revoked, which also kills its access tokens. */
export async function revokeSession(db: Db, userId: string, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId)));
}

/**
 * Every session of a user ends (password change or reset): all refresh
 * families are revoked and the token version moves on, so access tokens
 * already handed out stop working at once.
 */
export async function revokeAllSessions(db: Db, userId: string, now: Date): Promise<void> {
  await db.update(refreshTokens).set({ revokedAt: now }).where(eq(refreshTokens.userId, userId));
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

/** True when a refresh family has been revoked (for tests and log-out answers). */
export async function isFamilyRevoked(db: Db, familyId: string): Promise<boolean> {
  const rows = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNotNull(refreshTokens.revokedAt)))
    .limit(1);
  return rows.length > 0;
}
