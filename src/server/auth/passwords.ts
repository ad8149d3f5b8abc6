import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { ScryptCost } from '../config.ts';

const KEY_BYTES = 32;
const SALT_BYTES = 16;

/** scrypt needs 128·N·r bytes; Node refuses above `maxmem` (32 MiB by default), so it is raised per hash. */
function maxmemFor(cost: ScryptCost): number {
  return 128 * cost.N * cost.r * (cost.p + 1) + 1024 * 1024;
}

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: maxmemFor(cost) };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$key` (base64url): the parameters travel with the hash, so the cost can rise later. */
export async function hashPassword(password: string, cost: ScryptCost): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export function parseHashCost(stored: string): ScryptCost | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!N || !r || !p) return null;
  return { N, r, p };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const cost = parseHashCost(stored);
  const parts = stored.split('$');
  if (!cost) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  const key = await derive(password, salt, cost);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash of nothing, checked when the account does not exist or has no
 * password, so that a wrong phone costs the same time as a wrong password.
 */
export function dummyHashFor(cost: ScryptCost): Promise<string> {
  return hashPassword(randomBytes(12).toString('base64url'), cost);
}
