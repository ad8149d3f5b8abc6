/**
 * The server's one limiter: budgets of "so many uses of a key in a sliding
 * window" (SMS sends per phone and per address, recording starts per address,
 * the limited calls per user or per user and product; docs/security.md lists
 * them). Uses are rows of `rate_limit_uses`, so several instances agree; a
 * spend counts and records them in one transaction under an advisory lock of
 * each key, so concurrent requests cannot slip past a budget together. The
 * same statements run on PGlite (one connection, where the lock never waits)
 * and on PostgreSQL.
 */
import { and, count, eq, gt, inArray, lt, lte, max, sql } from 'drizzle-orm';
import { ErrorCode } from '../../contract/envelope.ts';
import type { Db } from '../db/db.ts';
import { rateLimitUses } from '../db/schema.ts';
import { ApiError } from './envelope.ts';

/** Uses of one key in a window: how many, and the latest. */
export interface KeyUsage {
  uses: number;
  last: Date | null;
}

/**
 * One budget: a key (`sms-ip:…`, `call:checkByIdCard:<user>`) and its window,
 * and the refusal a usage earns (null: allowed). Every caller of a key names
 * the same window.
 */
export interface Budget {
  key: string;
  windowMs: number;
  refusal: (usage: KeyUsage, now: Date) => string | null;
}

/** The longest window a budget may have; rows older than this are swept away. */
export const LONGEST_WINDOW_MS = 48 * 3600_000;
/** Abandoned rows (keys never used again) removed per spend, at most. */
const SWEEP_ROWS = 100;

/** The common budget: at most `max` uses in `windowMs`, else `message`. */
export function cap(key: string, maxUses: number, windowMs: number, message: string): Budget {
  return { key, windowMs, refusal: (usage) => (usage.uses >= maxUses ? message : null) };
}

/** The uses of `key` in the `windowMs` before `now`. */
export async function usageOf(db: Db, key: string, windowMs: number, now: Date): Promise<KeyUsage> {
  const [row] = await db
    .select({ n: count(), last: max(rateLimitUses.at) })
    .from(rateLimitUses)
    .where(and(eq(rateLimitUses.key, key), gt(rateLimitUses.at, new Date(now.getTime() - windowMs))));
  return { uses: Number(row?.n ?? 0), last: row?.last ? new Date(row.last) : null };
}

/**
 * Spends one use of every budget, or refuses with 4029 and the first
 * refusal's message, recording nothing. `then` runs in the same transaction
 * after the checks (the recording start inserts its row there): when it
 * throws, nothing is recorded either. Keys are locked in a fixed order, so
 * two spends sharing keys cannot deadlock.
 */
export async function spend<T = void>(db: Db, budgets: readonly Budget[], now: Date, then?: (tx: Db) => Promise<T>): Promise<T> {
  const windows = new Map<string, number>();
  for (const budget of budgets) {
    if (budget.windowMs <= 0 || budget.windowMs > LONGEST_WINDOW_MS) throw new Error(`rate limit ${budget.key}: window out of range`);
    windows.set(budget.key, Math.max(windows.get(budget.key) ?? 0, budget.windowMs));
  }
  const keys = [...windows.keys()].sort();
  return db.transaction(async (tx) => {
    for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`limit:${key}`}))`);
    for (const budget of budgets) {
      const refusal = budget.refusal(await usageOf(tx, budget.key, budget.windowMs, now), now);
      if (refusal !== null) throw new ApiError(ErrorCode.RateLimited, refusal);
    }
    const result = then ? await then(tx) : (undefined as T);
    if (keys.length > 0) await tx.insert(rateLimitUses).values(keys.map((key) => ({ key, at: now })));
    // Under its lock, a key's rows outside its window are of no more use.
    for (const key of keys) {
      await tx.delete(rateLimitUses).where(and(eq(rateLimitUses.key, key), lte(rateLimitUses.at, new Date(now.getTime() - (windows.get(key) ?? 0)))));
    }
    await sweepAbandoned(tx, now);
    return result;
  });
}

/** Removes a few rows of keys nobody used for the longest window (SKIP LOCKED: never waits on another spend). */
async function sweepAbandoned(tx: Db, now: Date): Promise<void> {
  const stale = tx
    .select({ id: rateLimitUses.id })
    .from(rateLimitUses)
    .where(lt(rateLimitUses.at, new Date(now.getTime() - LONGEST_WINDOW_MS)))
    .limit(SWEEP_ROWS)
    .for('update', { skipLocked: true });
  await tx.delete(rateLimitUses).where(inArray(rateLimitUses.id, stale));
}

/** Forgets every use of `key` (the owner's log-in clears an attacker's sends to the phone). */
export async function forgetUses(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitUses).where(eq(rateLimitUses.key, key));
}
