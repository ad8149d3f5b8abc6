import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { LRUCache } from 'lru-cache';

/** Access tokens live 15 minutes; the client refreshes when under 600 s remain (spec §9). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/**
 * Clock skew allowed when a token's times are compared with the lifetime: a token whose `exp` is more
 * than the lifetime past its `iat`, or past now, by more than this (or whose `iat` lies further ahead)
 * was not signed by this server's rule, whoever holds the key. One minute covers instances whose
 * clocks drift apart (NTP keeps them within a second) without letting a forged token live much longer.
 */
export const TOKEN_CLOCK_SKEW_SECONDS = 60;
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

/**
 * Tokens whose signature and claims were checked, most recently used first. A token is a few hundred
 * bytes; a 2-core server sees far fewer distinct live tokens in 15 minutes than this.
 */
export const VERIFIED_TOKENS_MAX = 20_000;

/**
 * A token's times as this server signs them: `exp` at most the lifetime after `iat` and after now, `iat`
 * not ahead of now (each within {@link TOKEN_CLOCK_SKEW_SECONDS}). A token signed with the right key but a
 * longer life (a leaked key's forgery, another build's setting) is refused, expired or not.
 */
function withinLifetime(iat: number, exp: number, nowSeconds: number): boolean {
  const longest = ACCESS_TOKEN_TTL_SECONDS + TOKEN_CLOCK_SKEW_SECONDS;
  return exp - iat <= longest && exp - nowSeconds <= longest && iat - nowSeconds <= TOKEN_CLOCK_SKEW_SECONDS;
}

/** HS256 JWTs: sub = user id, userCode, sid (session) and tv (token version) claims. */
export function createAccessTokens(secret: string, now: () => Date = () => new Date()): AccessTokens {
  // A verify through WebCrypto costs 70–150 µs of the event loop (a job handed to the thread pool and
  // back), on every authenticated call; a token seen before is the same bytes, already checked, so only
  // its expiry is checked again (exactly jose's test: expired when exp <= now in whole seconds). The
  // session and token version behind it are still checked by the database on every call (auth-guard.ts).
  const verified = new LRUCache<string, { claims: AccessClaims; exp: number }>({ max: VERIFIED_TOKENS_MAX });
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
      const known = verified.get(token);
      if (known) return options?.ignoreExpiry || known.exp > Math.floor(now().getTime() / 1000) ? known.claims : null;
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
        const { sub, userCode, sid, tv, exp, iat } = payload;
        if (typeof sub !== 'string' || typeof userCode !== 'string') return null;
        if (typeof sid !== 'string' || typeof tv !== 'number' || typeof exp !== 'number' || typeof iat !== 'number') return null;
        if (!withinLifetime(iat, exp, Math.floor(now().getTime() / 1000))) return null;
        const claims = Object.freeze({ userId: sub, userCode, sessionId: sid, tokenVersion: tv });
        verified.set(token, { claims, exp });
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
