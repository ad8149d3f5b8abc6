import { randomUUID } from 'node:crypto';
import type { TokenPair } from '../../contract/auth.ts';
import type { Db } from '../db/db.ts';
import { randomToken, sha256Hex } from '../lib/random-codes.ts';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokens, type AuthUser } from './access-token.ts';
import { getRefreshTokenByHash, insertRefreshToken, markRotated, revokeFamily } from './refresh-tokens-repo.ts';
import { getUserById } from './users-repo.ts';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionDeps {
  db: Db;
  tokens: AccessTokens;
  now: () => Date;
}

/** An access token plus a refresh token of `familyId` (a new family at log-in). */
export async function issueTokenPair(deps: SessionDeps, user: AuthUser, familyId: string = randomUUID()): Promise<TokenPair> {
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
  return { token: await deps.tokens.sign(user), refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
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
  const pair = await issueTokenPair(deps, { userId: user.id, userCode: user.userCode }, row.familyId);
  return { ok: true, pair };
}
