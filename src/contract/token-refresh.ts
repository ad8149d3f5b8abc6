import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { defineCall } from './define-call.ts';

/*
 * The token refresh in a module of its own (re-exported by auth.ts with the other log-in calls): the web
 * client, in the home route's `core` chunk, needs this one declaration, and `core` holds whole modules, so
 * auth.ts there brought every log-in and account call with it (docs/performance.md "The home route in one chunk").
 */

/** Tokens issued at log-in and on refresh. */
export const TokenPair = Type.Object({
  token: Type.String({ description: 'Short-lived access token (JWT)' }),
  refreshToken: Type.String({ description: 'Opaque rotating refresh token' }),
  expiresIn: Type.Integer({ description: 'Seconds until the access token expires' }),
});
export type TokenPair = Static<typeof TokenPair>;

/** POST auth-svc/refresh_token. The new access token also comes in the `access_token` header. */
export const RefreshTokenBody = Type.Object(
  { refreshToken: Type.String({ minLength: 16, maxLength: 256 }) },
  { additionalProperties: false },
);
export type RefreshTokenBody = Static<typeof RefreshTokenBody>;

/** The token refresh, on its own: the web client's core needs only this declaration. */
export const refreshTokenCall = defineCall({
  method: 'POST',
  path: '/auth-svc/refresh_token',
  summary: 'Rotates the refresh token; the new access token also comes in the access_token header',
  auth: 'public',
  body: RefreshTokenBody,
  data: TokenPair,
});
