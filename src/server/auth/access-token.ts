import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/** Access tokens live 15 minutes; the client refreshes when under 600 s remain (spec §9). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'edu-insure';
const AUDIENCE = 'edu-insure-web';

export interface AuthUser {
  userId: string;
  userCode: string;
}

/** What an access token says besides the user: its session (refresh family) and the user's token version. */
export interface AccessClaims extends AuthUser {
  /** The refresh-token family of the log-in: log-out revokes it, and with it this token. */
  sessionId: string;
  /** The user's token version when signed: a password change bumps it, killing older tokens. */
  tokenVersion: number;
}

export interface AccessTokens {
  sign(user: AccessClaims): Promise<string>;
  /** The claims of a valid token, or null for any invalid, expired or foreign token. */
  verify(token: string, options?: { ignoreExpiry?: boolean }): Promise<AccessClaims | null>;
}

/** HS256 JWTs: sub = user id, userCode, sid (session) and tv (token version) claims. */
export function createAccessTokens(secret: string, now: () => Date = () => new Date()): AccessTokens {
  // Imported once: jose imports a raw secret into a WebCrypto key on every call (a third of a verify's cost).
  let key: Promise<CryptoKey> | undefined;
  const hmacKey = () =>
    (key ??= crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']));
  return {
    async sign(user) {
      const iat = Math.floor(now().getTime() / 1000);
      return new SignJWT({ userCode: user.userCode, sid: user.sessionId, tv: user.tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
        .sign(await hmacKey());
    },
    async verify(token, options) {
      try {
        const { payload } = await jwtVerify(token, await hmacKey(), {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now(),
          // A token without an expiry, an issue time or a subject is not one we signed.
          requiredClaims: ['exp', 'iat', 'sub'],
          // Log-out still needs to know which session an expired token belonged to.
          ...(options?.ignoreExpiry ? { clockTolerance: Number.MAX_SAFE_INTEGER } : {}),
        });
        const { sub, userCode, sid, tv } = payload;
        if (typeof sub !== 'string' || typeof userCode !== 'string') return null;
        if (typeof sid !== 'string' || typeof tv !== 'number') return null;
        return { userId: sub, userCode, sessionId: sid, tokenVersion: tv };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
