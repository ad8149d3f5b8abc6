import { ErrorCode } from '../../../contract/envelope.ts';
import type { SmsPurpose } from '../../db/schema.ts';
import { ApiError, rejected } from '../../http/envelope.ts';
import { checkCaptcha, MSG_CAPTCHA_REQUIRED } from '../captcha.ts';
import { CAPTCHA_AFTER_FAILURES, claimPasswordTry, clearFailures, clearSmsQuota, failureState, MSG_LOCKED, recordFailure } from '../limits.ts';
import { dummyHashFor, hashPassword, verifyPassword } from '../passwords.ts';
import { getManagerOf, getStaffOfUser } from '../people-repo.ts';
import { issueTokenPair } from '../sessions.ts';
import { MSG_SMS_EXPIRED, verifySmsCode } from '../sms-codes.ts';
import { toUserRecord } from '../user-record.ts';
import { createUserWithPassword, findOrCreateUserByPhone, getUserByPhone, recordLogin, type UserRow } from '../users-repo.ts';
import { checkNewPassword, checkPhone, MSG_ALREADY_REGISTERED, MSG_BAD_CREDENTIALS, MSG_BAD_CREDENTIALS_CAPTCHA, type AuthContext } from './auth-context.ts';

/** The user is in: the log-in counted, the phone's failures and send quota cleared, a new session's tokens. */
async function loggedIn(ctx: AuthContext, user: UserRow) {
  const { db, now } = ctx.deps;
  const counted = await recordLogin(db, user.id, now());
  await clearFailures(db, user.phone);
  // The owner is in: an attacker's sends to this phone no longer slow the owner's next code down.
  await clearSmsQuota(db, user.phone);
  const pair = await issueTokenPair(ctx.sessions, { userId: counted.id, userCode: counted.userCode, tokenVersion: counted.tokenVersion });
  const [staff, manager] = await Promise.all([getStaffOfUser(db, counted.id), getManagerOf(db, counted.id)]);
  return toUserRecord(counted, pair, {
    isStaff: Boolean(staff),
    schanelCode: manager?.schanelCode ?? '',
    ...(staff ? { branchCode: staff.branchCode, branchName: staff.branchName } : {}),
  });
}

/** A wrong SMS code on a log-in counts as a failed log-in of the phone. */
async function verifyLoginCode(ctx: AuthContext, phone: string, purpose: SmsPurpose, code: string): Promise<void> {
  try {
    await verifySmsCode(ctx.sms, phone, purpose, code);
  } catch (error) {
    // A wrong guess counts; an expired or used code is not a guess.
    if (error instanceof ApiError && error.code === ErrorCode.SmsCode && error.msg !== MSG_SMS_EXPIRED) {
      await recordFailure(ctx.deps.db, phone, ctx.deps.now());
    }
    throw error;
  }
}

/** Log-in by SMS code, registering the phone on its first log-in. */
export async function smsLogIn(ctx: AuthContext, phone: string, code: string) {
  checkPhone(phone);
  await verifyLoginCode(ctx, phone, 'login', code);
  const user = await findOrCreateUserByPhone(ctx.deps.db, phone, ctx.deps.now());
  return loggedIn(ctx, user);
}

/** Registration with a password and a registration code; a registered phone is refused. */
export async function signUpWithPassword(ctx: AuthContext, phone: string, password: string, code: string) {
  const { db, config, now } = ctx.deps;
  checkPhone(phone);
  checkNewPassword(password, undefined);
  await verifySmsCode(ctx.sms, phone, 'register', code);
  const user = await createUserWithPassword(db, phone, await hashPassword(password, config.passwordScrypt), now());
  if (!user) throw rejected(MSG_ALREADY_REGISTERED);
  return loggedIn(ctx, user);
}

/** Log-in by password: the lock, the captcha after failures, the same work for an unknown account. */
export async function passwordLogIn(ctx: AuthContext, input: { phone: string; password: string; captchaText: string | undefined; captchaId: string | undefined }) {
  const { db, config } = ctx.deps;
  const { phone, password } = input;
  checkPhone(phone);
  const now = ctx.deps.now();
  // The try is claimed before the password is checked, so concurrent guesses cannot pass the captcha step or
  // the lock together; one account's claims run in arrival order.
  const failures = await ctx.passwordTries.run(phone, async () => {
    const state = await failureState(db, phone, now);
    if (state.locked) throw new ApiError(ErrorCode.RateLimited, MSG_LOCKED);
    const captchaChecked = state.failures >= CAPTCHA_AFTER_FAILURES;
    if (captchaChecked) await checkCaptcha(ctx.captcha, { id: input.captchaId, text: input.captchaText, consume: true });
    const claimed = await claimPasswordTry(db, phone, now, { captchaChecked });
    if (claimed !== null) return claimed;
    if ((await failureState(db, phone, now)).locked) throw new ApiError(ErrorCode.RateLimited, MSG_LOCKED);
    throw new ApiError(ErrorCode.CaptchaRequired, MSG_CAPTCHA_REQUIRED);
  });
  const user = await getUserByPhone(db, phone);
  ctx.dummyHash.value ??= dummyHashFor(config.passwordScrypt);
  const stored = user?.passwordHash ?? (await ctx.dummyHash.value);
  const matches = (await verifyPassword(password, stored)) && Boolean(user?.passwordHash);
  if (!user || !matches) {
    if (failures >= CAPTCHA_AFTER_FAILURES) throw new ApiError(ErrorCode.CaptchaRequired, MSG_BAD_CREDENTIALS_CAPTCHA);
    throw rejected(MSG_BAD_CREDENTIALS);
  }
  return loggedIn(ctx, user);
}
