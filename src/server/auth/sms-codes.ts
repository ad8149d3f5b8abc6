import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { ErrorCode } from '../../contract/envelope.ts';
import type { Db } from '../db/db.ts';
import type { SmsPurpose } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { KeyedQueue } from '../lib/keyed-queue.ts';
import type { SmsProvider } from '../providers/sms/sms-provider.ts';
import { reserveSmsSend } from './limits.ts';
import { tryCode, upsertSmsCode } from './sms-codes-repo.ts';

export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_RESEND_INTERVAL_MS = 60 * 1000;
/** Wrong tries after which the code is burned, so 6 digits cannot be brute-forced. */
export const SMS_MAX_ATTEMPTS = 5;
/** The tries at one phone's code run in arrival order in this process. */
const codeTries = new KeyedQueue();

export interface SmsCodeDeps {
  db: Db;
  sms: SmsProvider;
  /** Server secret mixed into the stored hash: a leaked table does not reveal live codes. */
  pepper: string;
  now: () => Date;
  /** SMS sends per client address per hour (config.smsPerIpPerHour). */
  perIpPerHour?: number;
}

function hashCode(pepper: string, phone: string, purpose: SmsPurpose, code: string): string {
  return createHmac('sha256', pepper).update(`${purpose}:${phone}:${code}`).digest('hex');
}

/**
 * Sends a fresh 6-digit code. The caller answers the same way whether or not
 * the phone has an account, so the endpoint cannot be used to probe for users.
 */
export async function sendSmsCode(
  deps: SmsCodeDeps,
  phone: string,
  purpose: SmsPurpose,
  options: { ip?: string; notice?: string } = {},
): Promise<void> {
  const now = deps.now();
  // Per-phone spacing and per-address (20 an hour) limits, across purposes.
  await reserveSmsSend(deps.db, { phone, ip: options.ip ?? 'unknown', now, perIpPerHour: deps.perIpPerHour });
  // A phone no code can work for (say, registering a phone that has an account) still gets a code row,
  // one no 6-digit guess matches: checking a code then answers exactly as for any other phone, so
  // appVerification, pwdfind and registration cannot tell registered phones from others.
  const code = options.notice === undefined ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null;
  const stored = await upsertSmsCode(deps.db, {
    phone,
    purpose,
    codeHash: hashCode(deps.pepper, phone, purpose, code ?? `unusable:${randomBytes(16).toString('hex')}`),
    now,
    expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
    resendAfter: new Date(now.getTime() - SMS_RESEND_INTERVAL_MS),
  });
  if (!stored) throw new ApiError(ErrorCode.RateLimited, '发送过于频繁，请稍后再试');
  if (code === null) {
    // The caller answers as for a code, and only the phone's owner reads why.
    await deps.sms.send(phone, options.notice ?? '');
    return;
  }
  await deps.sms.send(phone, `【学平险】您的验证码是${code}，5分钟内有效，请勿泄露给他人。`);
}

export const MSG_SMS_EXPIRED = '验证码已失效，请重新获取';
export const MSG_SMS_BURNED = '验证码错误次数过多，已失效，请重新获取';
export const msgSmsWrong = (left: number) => `验证码错误，还可尝试${left}次`;

/**
 * Checks and consumes a code; throws 4010 when it is wrong, expired, used or
 * burned. `consume: false` (v1/appVerification) checks without using it up;
 * its wrong tries count all the same. The check and the count are one
 * statement ({@link tryCode}).
 */
export async function verifySmsCode(
  deps: SmsCodeDeps,
  phone: string,
  purpose: SmsPurpose,
  code: string,
  options: { consume?: boolean } = {},
): Promise<void> {
  const codeHash = hashCode(deps.pepper, phone, purpose, code);
  const outcome = await codeTries.run(`${purpose}:${phone}`, () =>
    tryCode(deps.db, { phone, purpose, codeHash, now: deps.now(), maxAttempts: SMS_MAX_ATTEMPTS, consume: options.consume !== false }),
  );
  if (!outcome) throw new ApiError(ErrorCode.SmsCode, MSG_SMS_EXPIRED);
  if (outcome.matched) return;
  const left = SMS_MAX_ATTEMPTS - outcome.attempts;
  throw new ApiError(ErrorCode.SmsCode, left > 0 ? msgSmsWrong(left) : MSG_SMS_BURNED);
}
