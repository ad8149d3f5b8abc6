import { createHash, randomBytes, randomInt } from 'node:crypto';
import { shanghaiDateStamp } from '../../engine/time/shanghai-time.ts';

/** `n` random decimal digits from the CSPRNG (codes that must not be guessable). */
export function randomDigits(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String(randomInt(10));
  return out;
}

/** An opaque URL-safe token of `bytes` random bytes. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * A business code: prefix + Shanghai date (yyyymmdd) + 10 random digits,
 * e.g. ED202509011234567890. Uniqueness is enforced by the database; callers
 * retry on the (astronomically rare) collision.
 */
export function dailyCode(prefix: string, now: Date): string {
  return `${prefix}${shanghaiDateStamp(now)}${randomDigits(10)}`;
}
