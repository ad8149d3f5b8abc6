import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessClaims, AccessTokens, AuthUser } from '../auth/access-token.ts';
import { loginRequired } from './envelope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `requireUser` hook on protected routes. */
    user: AuthUser | null;
    /**
     * Set instead of `user` by the `requireToken` hook: the claims of a valid
     * token whose session the handler checks itself (an order submission, in
     * its first statement). `currentUser` refuses until then.
     */
    uncheckedClaims: AccessClaims | null;
  }
}

/**
 * The token of an `authorization` header: `Bearer <token>` (RFC 6750; the scheme's case is free). A header
 * without the scheme, or with another one, carries no token: a bare token is refused.
 */
export function tokenFromHeader(header: string | undefined): string | null {
  const match = header ? /^Bearer +(\S+)$/i.exec(header.trim()) : null;
  return match?.[1] ?? null;
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
  app.decorateRequest('uncheckedClaims', null);
  const optionalUser = optionalUserOf(tokens, isRevoked);
  return async function requireUser(request: FastifyRequest): Promise<void> {
    const claims = await optionalUser(request);
    if (!claims) throw loginRequired();
    request.user = claims;
  };
}

/**
 * The onRequest hook of a protected route whose handler checks the token's
 * session itself, in a statement it makes anyway (an order submission reads
 * it with its own state: one round trip fewer). A token that is not valid
 * (signature, expiry) is refused here as by `requireUser`; a valid one's
 * claims wait in `request.uncheckedClaims`, and `request.user` stays null,
 * so `currentUser` refuses until {@link acceptCheckedSession} is called with
 * the handler's verdict.
 */
export function tokenGuard(tokens: AccessTokens) {
  return async function requireToken(request: FastifyRequest): Promise<void> {
    const token = tokenFromHeader(request.headers.authorization);
    const claims = token ? await tokens.verify(token) : null;
    if (!claims) throw loginRequired();
    request.uncheckedClaims = claims;
  };
}

/** The claims a `requireToken` route has yet to check (its handler's first step). */
export function uncheckedClaims(request: FastifyRequest): AccessClaims {
  const claims = request.uncheckedClaims;
  if (!claims) throw loginRequired();
  return claims;
}

/** The handler's verdict on the session of {@link uncheckedClaims}: a revoked one is refused (406), a live one becomes `request.user`. */
export function acceptCheckedSession(request: FastifyRequest, revoked: boolean): AuthUser {
  const claims = uncheckedClaims(request);
  if (revoked) throw loginRequired();
  request.user = claims;
  request.uncheckedClaims = null;
  return claims;
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
