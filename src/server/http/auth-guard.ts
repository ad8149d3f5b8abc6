import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessClaims, AccessTokens, AuthUser } from '../auth/access-token.ts';
import { loginRequired } from './envelope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `requireUser` hook on protected routes. */
    user: AuthUser | null;
  }
}

/** The token of an `authorization` header: `Bearer x` or the raw token (the legacy client sends it bare). */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const trimmed = header.trim();
  const match = /^Bearer\s+(.+)$/i.exec(trimmed);
  const token = (match ? match[1] : trimmed)?.trim();
  return token ? token : null;
}

/** True when the token's session was logged out or its user changed the password since (checked server-side). */
export type RevocationCheck = (claims: AccessClaims) => Promise<boolean>;

/**
 * The caller of a request when it carries a valid, unrevoked token, else
 * null: what `optional` calls (the school directory, the op log) use, with
 * the same revocation check as protected calls, so a logged-out token reads
 * nothing its owner added.
 */
export function optionalUserOf(tokens: AccessTokens, isRevoked: RevocationCheck) {
  return async function optionalUser(request: FastifyRequest): Promise<AccessClaims | null> {
    const token = tokenFromHeader(request.headers.authorization);
    const claims = token ? await tokens.verify(token) : null;
    if (!claims || (await isRevoked(claims))) return null;
    return claims;
  };
}

/**
 * Registers `request.user` and returns the onRequest hook of protected routes.
 * Without a valid token the answer is HTTP 200 code 406 请先登录: the client
 * sends the user to log-in on that code (spec §8).
 */
export function installAuth(app: FastifyInstance, tokens: AccessTokens, isRevoked: RevocationCheck = async () => false) {
  app.decorateRequest('user', null);
  const optionalUser = optionalUserOf(tokens, isRevoked);
  return async function requireUser(request: FastifyRequest): Promise<void> {
    const claims = await optionalUser(request);
    if (!claims) throw loginRequired();
    request.user = claims;
  };
}

/** The claims of the logged-in user of a request that passed `requireUser`. */
export function currentClaims(request: FastifyRequest): AccessClaims {
  const user = request.user as AccessClaims | null;
  if (!user?.sessionId) throw loginRequired();
  return user;
}

/** The logged-in user of a request that passed `requireUser`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw loginRequired();
  return request.user;
}
