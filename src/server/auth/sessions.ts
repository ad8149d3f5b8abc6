import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { refreshTokens, users } from '../db/schema.ts';
import type { TokenPair } from '../../contract/auth.ts';
import type { Db } from '../db/db.ts';
import { randomToken, sha256Hex } from '../lib/random-codes.ts';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessClaims, type AccessTokens, type AuthUser } from './access-token.ts';
import { getRefreshTokenByHash, insertRefreshToken, markRotated, revokeFamily, deleteToken, type RefreshTokenRow } from './refresh-tokens-repo.ts';
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
 * How long a rotated refresh token still answers its own client with the pair
 * it was rotated into: two tabs refreshing at the same moment, or a retry of a
 * refresh whose answer was lost, must not log the user out.
 */
export const REFRESH_GRACE_MS = 10_000;

/** The key that seals a successor pair: derived from the presented token, which the server does not store. */
const sealKey = (presented: string) => createHash('sha256').update(`refresh-successor:${presented}`).digest();

function sealPair(presented: string, pair: TokenPair): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(presented), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

function openPair(presented: string, sealed: string): TokenPair | null {
  try {
    const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !body) return null;
    const decipher = createDecipheriv('aes-256-gcm', sealKey(presented), iv);
    decipher.setAuthTag(tag);
    return JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')) as TokenPair;
  } catch {
    return null;
  }
}

/**
 * Rotates a refresh token: the presented one is retired and a new one of the
 * same family is issued. Presenting a retired token means it was copied, so
 * the whole family (every device session descending from that log-in) is
 * revoked — except within the grace window, when the client that rotated it
 * presents it again (`client`: a hash of its user agent and address): it
 * gets the same new pair back.
 */
export async function rotateRefreshToken(deps: SessionDeps, presented: string, client: string): Promise<RefreshOutcome> {
  const now = deps.now();
  const row = await getRefreshTokenByHash(deps.db, sha256Hex(presented));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return reuse(deps, row, now);
  if (row.rotatedAt) return graceOrReuse(deps, row, presented, client, now);
  if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
  const user = await getUserById(deps.db, row.userId);
  if (!user) return { ok: false, reason: 'unknown' };
  const pair = await issueTokenPair(deps, { userId: user.id, userCode: user.userCode, tokenVersion: user.tokenVersion }, row.familyId);
  // Two refreshes racing with the same token: one rotates; the other is judged like a replay.
  if (!(await markRotated(deps.db, row.id, now, { successorSealed: sealPair(presented, pair), rotatedFor: client }))) {
    await deleteToken(deps.db, sha256Hex(pair.refreshToken));
    const winner = await getRefreshTokenByHash(deps.db, sha256Hex(presented));
    return winner ? graceOrReuse(deps, winner, presented, client, now) : { ok: false, reason: 'unknown' };
  }
  return { ok: true, pair };
}

async function graceOrReuse(deps: SessionDeps, row: RefreshTokenRow, presented: string, client: string, now: Date): Promise<RefreshOutcome> {
  const inGrace = !row.revokedAt && row.rotatedAt && now.getTime() - row.rotatedAt.getTime() <= REFRESH_GRACE_MS;
  const pair = inGrace && row.rotatedFor === client && row.successorSealed ? openPair(presented, row.successorSealed) : null;
  return pair ? { ok: true, pair } : reuse(deps, row, now);
}

async function reuse(deps: SessionDeps, row: RefreshTokenRow, now: Date): Promise<RefreshOutcome> {
  await revokeFamily(deps.db, row.familyId, now);
  return { ok: false, reason: 'reused' };
}

/** What the revocation check reads of a token's user and session. */
export interface SessionRow {
  tokenVersion: number;
  userCode: string;
  /** The token's refresh family was logged out or revoked for reuse. */
  revoked: boolean;
}

/**
 * The revocation rule on what was read ({@link SessionRow}, undefined when
 * the user does not exist): an access token is dead once its session was
 * revoked, once its user changed the password (token version bumped), or when
 * its userCode claim is not its subject's (a token naming one user and
 * another's code is forged).
 */
export function sessionRevokedBy(claims: AccessClaims, row: SessionRow | undefined): boolean {
  if (!row) return true;
  return row.tokenVersion !== claims.tokenVersion || row.userCode !== claims.userCode || Boolean(row.revoked);
}

/**
 * The server-side check behind every protected call ({@link sessionRevokedBy}),
 * one query. An order submission reads the same in its first statement
 * (`order_submission_state`) instead.
 */
export async function isSessionRevoked(db: Db, claims: AccessClaims): Promise<boolean> {
  const [row] = await db
    .select({
      tokenVersion: users.tokenVersion,
      userCode: users.userCode,
      revoked: sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${claims.sessionId} and ${refreshTokens.revokedAt} is not null)`,
    })
    .from(users)
    .where(eq(users.id, claims.userId))
    .limit(1);
  return sessionRevokedBy(claims, row);
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
