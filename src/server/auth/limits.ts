/**
 * Abuse limits of the account calls (issue 4 §5, issue 16 item 4): SMS sends
 * per phone (exponential spacing and a captcha step, reset by the owner's
 * log-in) and per address, failed log-ins per account with the image captcha
 * after 3 and a lock after 10. Counted in the database so that several
 * instances agree.
 */
import { and, count, eq, gt, lt, max, sql } from 'drizzle-orm';
import { ErrorCode } from '../../contract/envelope.ts';
import type { Db } from '../db/db.ts';
import { loginFailures, smsSends } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';

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
 * instead of a daily lock, issue 16 item 4).
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

/** The phone's quota at `now`: sends in the last 24 h not cleared by the owner's log-in. */
export async function smsQuota(db: Db, phone: string, now: Date): Promise<SmsQuota> {
  const since = new Date(now.getTime() - SMS_WINDOW_MS);
  const [row] = await db
    .select({ n: count(), last: max(smsSends.sentAt) })
    .from(smsSends)
    .where(and(eq(smsSends.phone, phone), eq(smsSends.cleared, false), gt(smsSends.sentAt, since)));
  const sends = Number(row?.n ?? 0);
  const last = row?.last ? new Date(row.last).getTime() : null;
  const waitMs = last === null ? 0 : Math.max(0, last + smsSpacingMs(sends) - now.getTime());
  return { sends, waitMs, captcha: sends >= SMS_FREE_SENDS };
}

/**
 * Records one SMS send for `phone` from `ip`, or refuses (4029) while the
 * phone's spacing has not passed ({@link smsSpacingMs}) or the address had 20
 * in the last hour. Locks phone then address for the transaction, so
 * concurrent sends cannot slip past a limit together. There is no daily cap:
 * an attacker cannot lock the owner out for a day, only slow every sender down.
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
    const quota = await smsQuota(tx, phone, now);
    if (quota.waitMs > 0) throw new ApiError(ErrorCode.RateLimited, smsWaitMessage(quota.waitMs));
    const [byIp] = await tx.select({ n: count() }).from(smsSends).where(and(eq(smsSends.ip, ip), gt(smsSends.sentAt, since(HOUR_MS))));
    if (Number(byIp?.n ?? 0) >= perIp) throw new ApiError(ErrorCode.RateLimited, MSG_SMS_TOO_OFTEN);
    await tx.insert(smsSends).values({ phone, ip, sentAt: now });
    // Rows older than every window are of no use: keep the table a day deep.
    await tx.delete(smsSends).where(lt(smsSends.sentAt, since(SMS_WINDOW_MS + HOUR_MS)));
  });
}

/**
 * The owner logged in: the phone's sends no longer count toward its spacing
 * or captcha step (the address still counts them for its hourly limit).
 */
export async function clearSmsQuota(db: Db, phone: string): Promise<void> {
  await db.update(smsSends).set({ cleared: true }).where(and(eq(smsSends.phone, phone), eq(smsSends.cleared, false)));
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
