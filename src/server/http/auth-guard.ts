import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessTokens, AuthUser } from '../auth/access-token.ts';
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

/**
 * Registers `request.user` and returns the onRequest hook of protected routes.
 * Without a valid token the answer is HTTP 200 code 406 请先登录: the client
 * sends the user to log-in on that code (spec §8).
 */
export function installAuth(app: FastifyInstance, tokens: AccessTokens) {
  app.decorateRequest('user', null);
  return async function requireUser(request: FastifyRequest): Promise<void> {
    const token = tokenFromHeader(request.headers.authorization);
    const user = token ? await tokens.verify(token) : null;
    if (!user) throw loginRequired();
    request.user = user;
  };
}

/** The logged-in user of a request that passed `requireUser`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw loginRequired();
  return request.user;
}
