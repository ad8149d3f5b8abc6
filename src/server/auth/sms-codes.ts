import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { ErrorCode } from '../../contract/envelope.ts';
import type { Db } from '../db/db.ts';
import type { SmsPurpose } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { KeyedQueue } from '../lib/keyed-queue.ts';
import { MSG_SMS_FAILED, type SmsProvider } from '../providers/sms/sms-provider.ts';
import type { SmsTemplateId } from '../providers/sms/sms-templates.ts';
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
  /** Where a failed send is logged (never the code or the full phone). */
  log?: { warn(obj: object, msg: string): void };
}

/** The template of each purpose's code. */
const CODE_TEMPLATE: Record<SmsPurpose, 'loginCode' | 'resetCode' | 'phoneChangeCode'> = {
  login: 'loginCode',
  register: 'loginCode',
  reset: 'resetCode',
  changePhone: 'phoneChangeCode',
};

/** A message without a code that tells the phone's owner why no code can work (registered, unregistered, bound). */
export type SmsNotice = Extract<SmsTemplateId, 'alreadyRegistered' | 'notRegistered' | 'boundElsewhere'>;

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
  options: { ip?: string; notice?: SmsNotice } = {},
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
  try {
    // Without a code, the caller answers as for a code, and only the phone's owner reads why.
    if (code === null) await deps.sms.send(phone, options.notice ?? 'alreadyRegistered', {});
    else await deps.sms.send(phone, CODE_TEMPLATE[purpose], { code });
  } catch (error) {
    // Never told as sent: the vendor refused or could not be reached.
    deps.log?.warn({ err: error, template: code === null ? options.notice : CODE_TEMPLATE[purpose] }, 'SMS not sent');
    throw new ApiError(ErrorCode.Busy, MSG_SMS_FAILED);
  }
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
