import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/** Access tokens live 15 minutes; the client refreshes when under 600 s remain (spec §9). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'edu-insure';
const AUDIENCE = 'edu-insure-web';

export interface AuthUser {
  userId: string;
  userCode: string;
}

export interface AccessTokens {
  sign(user: AuthUser): Promise<string>;
  /** The user of a valid token, or null for any invalid, expired or foreign token. */
  verify(token: string): Promise<AuthUser | null>;
}

/** HS256 JWTs: sub = user id, userCode claim. */
export function createAccessTokens(secret: string, now: () => Date = () => new Date()): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(user) {
      const iat = Math.floor(now().getTime() / 1000);
      return new SignJWT({ userCode: user.userCode })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now(),
        });
        if (typeof payload.sub !== 'string' || typeof payload.userCode !== 'string') return null;
        return { userId: payload.sub, userCode: payload.userCode };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },
  };
}
