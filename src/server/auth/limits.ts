/**
 * Abuse limits of the account calls: SMS sends
 * per phone (exponential spacing and a captcha step, reset by the owner's
 * log-in) and per address, failed log-ins per account with the image captcha
 * after 3 and a lock after 10. Counted in the database so that several
 * instances agree: the sends through the one limiter (http/rate-limit.ts),
 * the failures in one row per account, claimed before each password check.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { loginFailures } from '../db/schema.ts';
import { cap, forgetUses, spend, usageOf, type Budget, type KeyUsage } from '../http/rate-limit.ts';

export const SMS_PER_PHONE_INTERVAL_MS = 60_000;
/** Sends per phone in the window that need only the 60 s interval; from the next one on, a captcha and a growing interval. */
export const SMS_FREE_SENDS = 3;
/** The longest interval the doubling reaches: whatever an attacker did, the owner waits at most this long. */
export const SMS_SPACING_CAP_MS = 60 * 60_000;
/** Sends older than this no longer count toward a phone's spacing. */
export const SMS_WINDOW_MS = 24 * 3600_000;
export const SMS_PER_IP_PER_HOUR = 20;
const HOUR_MS = 3600_000;

export const MSG_SMS_TOO_OFTEN = '发送过于频繁，请稍后再试';
/** The interval still to wait, in whole minutes (our wording). */
export function smsWaitMessage(waitMs: number): string {
  return waitMs <= SMS_PER_PHONE_INTERVAL_MS ? MSG_SMS_TOO_OFTEN : `发送过于频繁，请${Math.ceil(waitMs / 60_000)}分钟后再试`;
}

/**
 * The interval a phone must wait after its last send when `sends` sends count
 * in the window: 60 s while fewer than {@link SMS_FREE_SENDS}, then 2, 4, 8,
 * 16, 32 minutes, capped at {@link SMS_SPACING_CAP_MS} (exponential spacing
 * instead of a daily lock).
 */
export function smsSpacingMs(sends: number): number {
  if (sends < SMS_FREE_SENDS) return SMS_PER_PHONE_INTERVAL_MS;
  return Math.min(SMS_PER_PHONE_INTERVAL_MS * 2 ** (sends - SMS_FREE_SENDS + 1), SMS_SPACING_CAP_MS);
}

/** Where a phone stands: sends counted in the window, the wait before the next, and whether the next needs the captcha. */
export interface SmsQuota {
  sends: number;
  waitMs: number;
  captcha: boolean;
}

const phoneKey = (phone: string) => `sms-phone:${phone}`;

function quotaOf(usage: KeyUsage, now: Date): SmsQuota {
  const waitMs = usage.last === null ? 0 : Math.max(0, usage.last.getTime() + smsSpacingMs(usage.uses) - now.getTime());
  return { sends: usage.uses, waitMs, captcha: usage.uses >= SMS_FREE_SENDS };
}

/** The phone's quota at `now`: sends in the last 24 h not cleared by the owner's log-in. */
export async function smsQuota(db: Db, phone: string, now: Date): Promise<SmsQuota> {
  return quotaOf(await usageOf(db, phoneKey(phone), SMS_WINDOW_MS, now), now);
}

/**
 * Records one SMS send for `phone` from `ip` through the one limiter, or
 * refuses (4029) while the phone's spacing has not passed ({@link smsSpacingMs})
 * or the address had 20 in the last hour. There is no daily cap: an attacker
 * cannot lock the owner out for a day, only slow every sender down.
 */
export async function reserveSmsSend(
  db: Db,
  input: { phone: string; ip: string; now: Date; perIpPerHour?: number },
): Promise<void> {
  const { phone, ip, now } = input;
  const spacing: Budget = {
    key: phoneKey(phone),
    windowMs: SMS_WINDOW_MS,
    refusal: (usage) => {
      const { waitMs } = quotaOf(usage, now);
      return waitMs > 0 ? smsWaitMessage(waitMs) : null;
    },
  };
  await spend(db, [spacing, cap(`sms-ip:${ip}`, input.perIpPerHour ?? SMS_PER_IP_PER_HOUR, HOUR_MS, MSG_SMS_TOO_OFTEN)], now);
}

/**
 * The owner logged in: the phone's sends no longer count toward its spacing
 * or captcha step (the address still counts them for its hourly limit).
 */
export async function clearSmsQuota(db: Db, phone: string): Promise<void> {
  await forgetUses(db, phoneKey(phone));
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

/** The row's failure count, with a stale window (30 minutes since its first failure) counting 0. */
function failureColumns(now: Date) {
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const stale = sql`${loginFailures.windowStart} <= ${at(new Date(now.getTime() - FAILURE_WINDOW_MS))}`;
  const counted = sql`(case when ${stale} then 0 else ${loginFailures.failures} end)`;
  return {
    counted,
    set: {
      failures: sql`${counted} + 1`,
      windowStart: sql`case when ${stale} then ${at(now)} else ${loginFailures.windowStart} end`,
      // The 10th failure in the window sets the lock.
      lockedUntil: sql`case when ${counted} + 1 >= ${LOCK_AFTER_FAILURES} then ${at(new Date(now.getTime() + FAILURE_WINDOW_MS))} else ${loginFailures.lockedUntil} end`,
    },
    unlocked: sql`(${loginFailures.lockedUntil} is null or ${loginFailures.lockedUntil} <= ${at(now)})`,
  };
}

/** Counts one failed log-in of `account` (a phone, registered or not); locks it at the 10th. One statement. */
export async function recordFailure(db: Db, account: string, now: Date): Promise<void> {
  const { set } = failureColumns(now);
  await db.insert(loginFailures).values({ account, failures: 1, windowStart: now }).onConflictDoUpdate({ target: loginFailures.account, set });
}

/**
 * Claims one password try of `account` before the password is checked: the
 * try counts as a failure at once (a right password then clears the row), in
 * one statement that also checks the lock and, unless this request's image
 * captcha was checked, that fewer than {@link CAPTCHA_AFTER_FAILURES} failures
 * count. So concurrent guesses cannot all pass the captcha step or the lock on
 * one reading: each claims its place in the row. Answers the failures counted
 * with this try, or null when it was not granted (locked, or the captcha is
 * needed first).
 */
export async function claimPasswordTry(db: Db, account: string, now: Date, input: { captchaChecked: boolean }): Promise<number | null> {
  const { counted, set, unlocked } = failureColumns(now);
  const rows = await db
    .insert(loginFailures)
    .values({ account, failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: loginFailures.account,
      set,
      setWhere: input.captchaChecked ? unlocked : sql`${unlocked} and ${counted} < ${CAPTCHA_AFTER_FAILURES}`,
    })
    .returning({ failures: loginFailures.failures });
  return rows[0]?.failures ?? null;
}

export async function clearFailures(db: Db, account: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.account, account));
}
