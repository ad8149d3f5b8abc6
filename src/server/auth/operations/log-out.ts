import { sha256Hex } from '../../lib/random-codes.ts';
import { getRefreshTokenByHash } from '../refresh-tokens-repo.ts';
import { revokeSession } from '../sessions.ts';
import type { AuthContext } from './auth-context.ts';

/** Ends the session of an access token (expired or not) and the family of a refresh token, whichever are given. */
export async function logOut(ctx: AuthContext, token: string | null, refreshToken: string | undefined): Promise<void> {
  const { db } = ctx.deps;
  const now = ctx.deps.now();
  // An expired access token still names its session: log-out must work after a long pause too.
  const claims = token ? await ctx.deps.tokens.verify(token, { ignoreExpiry: true }) : null;
  if (claims) await revokeSession(db, claims.userId, claims.sessionId, now);
  if (refreshToken) {
    const row = await getRefreshTokenByHash(db, sha256Hex(refreshToken));
    if (row) await revokeSession(db, row.userId, row.familyId, now);
  }
}
