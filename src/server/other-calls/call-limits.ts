import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import { ErrorCode } from '../../contract/envelope.ts';
import type { Db } from '../db/db.ts';
import { callAttempts } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';

/** A per-user limit of one call: at most `max` uses in `windowMs`. */
export interface CallLimit {
  call: string;
  max: number;
  windowMs: number;
  message: string;
}

const HOUR_MS = 3600_000;

/** Real-name checks cost a provider fee and make a name oracle: 10 an hour. */
export const ID_CHECK_LIMIT: CallLimit = { call: 'checkByIdCard', max: 10, windowMs: HOUR_MS, message: '查询过于频繁，请稍后再试' };
/** E-policy mails: 5 an hour (a mail relay must not be usable to spam an address). */
export const MAIL_LIMIT: CallLimit = { call: 'sendEmail', max: 5, windowMs: HOUR_MS, message: '发送过于频繁，请稍后再试' };
/**
 * The repeat checks (v1 and the confirm page's v2, one shared budget) tell
 * whether an ID number holds a policy: 30 an hour per user, enough for any
 * family's applications, too few to sweep ID numbers.
 */
export const REPEAT_LIMIT: CallLimit = { call: 'repeatInsurance', max: 30, windowMs: HOUR_MS, message: '查询过于频繁，请稍后再试' };

/**
 * Counts one use of a limited call by `userId`, or refuses 4029 when the
 * window is full. The user's lock for that call serialises concurrent uses,
 * so two requests cannot slip past the limit together (several instances
 * agree: the count is in the database).
 */
export async function reserveAttempt(db: Db, limit: CallLimit, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`call:${limit.call}:${userId}`}))`);
    const since = new Date(now.getTime() - limit.windowMs);
    const mine = and(eq(callAttempts.userId, userId), eq(callAttempts.call, limit.call));
    const [row] = await tx.select({ n: count() }).from(callAttempts).where(and(mine, gt(callAttempts.at, since)));
    if (Number(row?.n ?? 0) >= limit.max) throw new ApiError(ErrorCode.RateLimited, limit.message);
    await tx.insert(callAttempts).values({ userId, call: limit.call, at: now });
    // Rows outside the window are of no use.
    await tx.delete(callAttempts).where(and(mine, lt(callAttempts.at, since)));
  });
}
