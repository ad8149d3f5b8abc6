import type { SmsSendType } from '../../../contract/accounts.ts';
import { ErrorCode } from '../../../contract/envelope.ts';
import type { SmsPurpose } from '../../db/schema.ts';
import { ApiError, notFound, rejected } from '../../http/envelope.ts';
import { checkCaptcha } from '../captcha.ts';
import { CAPTCHA_AFTER_FAILURES, failureState, smsQuota, smsWaitMessage } from '../limits.ts';
import { sendSmsCode } from '../sms-codes.ts';
import { getUserById, getUserByPhone, type UserRow } from '../users-repo.ts';
import { checkPhone, MSG_SAME_PHONE, type AuthContext } from './auth-context.ts';

/** The message (no code) a phone gets when no code can work for this request (sms-templates.ts). */
const NOTICE = { register: 'alreadyRegistered', reset: 'notRegistered', changePhone: 'boundElsewhere' } as const;

export const PURPOSE_OF: Record<SmsSendType, SmsPurpose> = { register: 'register', reset: 'reset', changePhone: 'changePhone' };

/** A send's phone, the image captcha typed with it (text and the id of its image), and the client's address. */
export interface SmsCodeRequest {
  phone: string;
  captchaText: string | undefined;
  captchaId: string | undefined;
  ip: string;
}

/**
 * Before an SMS send: the phone's spacing must have passed (checked first, so a
 * captcha is not used up by a send that would be refused), and after 3 failed
 * log-ins or 3 sends in the window the image captcha is needed (used up here).
 * Registered and unregistered phones go through the same steps.
 */
async function captchaGate(ctx: AuthContext, send: SmsCodeRequest): Promise<void> {
  const { db } = ctx.deps;
  const now = ctx.deps.now();
  const [state, quota] = await Promise.all([failureState(db, send.phone, now), smsQuota(db, send.phone, now)]);
  if (quota.waitMs > 0) throw new ApiError(ErrorCode.RateLimited, smsWaitMessage(quota.waitMs));
  if (state.failures < CAPTCHA_AFTER_FAILURES && !quota.captcha) return;
  await checkCaptcha(ctx.captcha, { id: send.captchaId, text: send.captchaText, consume: true });
}

/** A log-in code. */
export async function sendLoginCode(ctx: AuthContext, send: SmsCodeRequest): Promise<void> {
  checkPhone(send.phone);
  await captchaGate(ctx, send);
  await sendSmsCode(ctx.sms, send.phone, 'login', { ip: send.ip });
}

/**
 * A registration, reset or new-phone code (`callerId`: the logged-in owner, for a new phone). A phone for
 * which no code could work gets a notice instead, through the same steps and with the same answer.
 */
export async function sendPurposeCode(ctx: AuthContext, type: SmsSendType, send: SmsCodeRequest, callerId: string | undefined): Promise<void> {
  let caller: UserRow | undefined;
  if (callerId !== undefined) {
    caller = await getUserById(ctx.deps.db, callerId);
    if (!caller) throw notFound('用户');
  }
  checkPhone(send.phone);
  if (caller && caller.phone === send.phone) throw rejected(MSG_SAME_PHONE);
  await captchaGate(ctx, send);
  const registered = Boolean(await getUserByPhone(ctx.deps.db, send.phone));
  const codeUseless = type === 'reset' ? !registered : registered;
  await sendSmsCode(ctx.sms, send.phone, PURPOSE_OF[type], { ip: send.ip, ...(codeUseless ? { notice: NOTICE[type] } : {}) });
}
