/**
 * Abuse limits of the account calls (issue 4 §5): SMS sends per phone and per
 * address, failed log-ins per account with the image captcha after 3 and a
 * lock after 10. Counted in the database so that several instances agree.
 */
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import { ErrorCode } from '../../contract/envelope.ts';
import type { Db } from '../db/db.ts';
import { loginFailures, smsSends } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';

export const SMS_PER_PHONE_INTERVAL_MS = 60_000;
export const SMS_PER_PHONE_PER_DAY = 10;
export const SMS_PER_IP_PER_HOUR = 20;
const DAY_MS = 24 * 3600_000;
const HOUR_MS = 3600_000;

export const MSG_SMS_TOO_OFTEN = '发送过于频繁，请稍后再试';
export const MSG_SMS_DAILY = '今日验证码发送次数已达上限，请明天再试';

/**
 * Records one SMS send for `phone` from `ip`, or refuses (4029) when the phone
 * had one in the last 60 s or 10 in the last 24 h, or the address 20 in the
 * last hour. Locks phone then address for the transaction, so concurrent
 * sends cannot slip past a limit together.
 */
export async function reserveSmsSend(
  db: Db,
  input: { phone: string; ip: string; now: Date; perIpPerHour?: number },
): Promise<void> {
  const { phone, ip, now } = input;
  const perIp = input.perIpPerHour ?? SMS_PER_IP_PER_HOUR;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-phone:${phone}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-ip:${ip}`}))`);
    const since = (ms: number) => new Date(now.getTime() - ms);
    const countOf = async (where: ReturnType<typeof and>) =>
      Number((await tx.select({ n: count() }).from(smsSends).where(where))[0]?.n ?? 0);
    if ((await countOf(and(eq(smsSends.phone, phone), gt(smsSends.sentAt, since(SMS_PER_PHONE_INTERVAL_MS))))) > 0) {
      throw new ApiError(ErrorCode.RateLimited, MSG_SMS_TOO_OFTEN);
    }
    if ((await countOf(and(eq(smsSends.phone, phone), gt(smsSends.sentAt, since(DAY_MS))))) >= SMS_PER_PHONE_PER_DAY) {
      throw new ApiError(ErrorCode.RateLimited, MSG_SMS_DAILY);
    }
    if ((await countOf(and(eq(smsSends.ip, ip), gt(smsSends.sentAt, since(HOUR_MS))))) >= perIp) {
      throw new ApiError(ErrorCode.RateLimited, MSG_SMS_TOO_OFTEN);
    }
    await tx.insert(smsSends).values({ phone, ip, sentAt: now });
    // Rows older than every window are of no use: keep the table a day deep.
    await tx.delete(smsSends).where(lt(smsSends.sentAt, since(DAY_MS + HOUR_MS)));
  });
}

/** Failed log-ins after which the image captcha is required. */
export const CAPTCHA_AFTER_FAILURES = 3;
/** Failed password log-ins after which the account's password log-in is locked. */
export const LOCK_AFTER_FAILURES = 10;
/** Failures older than this are forgotten; a lock lasts as long. */
export const FAILURE_WINDOW_MS = 30 * 60_000;
export const MSG_LOCKED = '登录失败次数过多，请30分钟后再试或使用验证码登录';

export interface FailureState {
  failures: number;
  locked: boolean;
}

export async function failureState(db: Db, account: string, now: Date): Promise<FailureState> {
  const [row] = await db.select().from(loginFailures).where(eq(loginFailures.account, account)).limit(1);
  if (!row) return { failures: 0, locked: false };
  const locked = Boolean(row.lockedUntil && row.lockedUntil > now);
  const expired = row.windowStart.getTime() + FAILURE_WINDOW_MS <= now.getTime();
  return { failures: expired && !locked ? 0 : row.failures, locked };
}

/** Counts one failed log-in of `account` (a phone, registered or not); locks it at the 10th. */
export async function recordFailure(db: Db, account: string, now: Date): Promise<void> {
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const windowEnd = at(new Date(now.getTime() - FAILURE_WINDOW_MS));
  const lockUntil = at(new Date(now.getTime() + FAILURE_WINDOW_MS));
  const nowAt = at(now);
  // One statement: a stale window restarts at 1, otherwise +1; the 10th failure sets the lock.
  await db
    .insert(loginFailures)
    .values({ account, failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: loginFailures.account,
      set: {
        failures: sql`case when ${loginFailures.windowStart} <= ${windowEnd} then 1 else ${loginFailures.failures} + 1 end`,
        windowStart: sql`case when ${loginFailures.windowStart} <= ${windowEnd} then ${nowAt} else ${loginFailures.windowStart} end`,
        lockedUntil: sql`case when ${loginFailures.windowStart} > ${windowEnd} and ${loginFailures.failures} + 1 >= ${LOCK_AFTER_FAILURES} then ${lockUntil} else ${loginFailures.lockedUntil} end`,
      },
    });
}

export async function clearFailures(db: Db, account: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.account, account));
}
