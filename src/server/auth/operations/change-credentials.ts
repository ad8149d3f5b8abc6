import { ErrorCode } from '../../../contract/envelope.ts';
import { maskPhone } from '../../../engine/rules/index.ts';
import type { AccessClaims } from '../access-token.ts';
import { ApiError, forbidden, notFound, rejected } from '../../http/envelope.ts';
import { claimPasswordTry, clearFailures } from '../limits.ts';
import { hashPassword, verifyPassword } from '../passwords.ts';
import { revokeAllSessions } from '../sessions.ts';
import { verifySmsCode } from '../sms-codes.ts';
import { changePhone, getUserById, getUserByPhone, setPasswordHash, type UserRow } from '../users-repo.ts';
import { checkNewPassword, checkPhone, MSG_OLD_PASSWORD, MSG_OLD_PASSWORD_LOCKED, MSG_PHONE_TAKEN, MSG_SAME_PHONE, type AuthContext } from './auth-context.ts';

/** A new password by a reset code; every session ends. */
export async function resetPassword(ctx: AuthContext, input: { phone: string; code: string; password: string; second: string | undefined }): Promise<void> {
  const { db, config, now } = ctx.deps;
  checkPhone(input.phone);
  checkNewPassword(input.password, input.second);
  // Only a registered phone was ever sent a reset code (others got a notice), so a good code means an account.
  await verifySmsCode(ctx.sms, input.phone, 'reset', input.code);
  const user = await getUserByPhone(db, input.phone);
  if (!user) throw rejected('验证码已失效，请重新获取');
  await setPasswordHash(db, user.id, await hashPassword(input.password, config.passwordScrypt));
  await revokeAllSessions(db, user.id, now());
  await clearFailures(db, input.phone);
}

/** The caller's own account: a userCode naming someone else is refused (4003). */
async function ownAccount(ctx: AuthContext, claims: AccessClaims, userCode: string): Promise<UserRow> {
  if (userCode !== claims.userCode) throw forbidden('账户');
  const user = await getUserById(ctx.deps.db, claims.userId);
  if (!user) throw notFound('用户');
  return user;
}

/** The caller's password changed (or set a first time); the answer's message says which. */
export async function changePassword(
  ctx: AuthContext,
  claims: AccessClaims,
  input: { userCode: string; oldPwd: string; newPwd: string; secondPwd: string | undefined },
): Promise<string> {
  const { db, config, now } = ctx.deps;
  const user = await ownAccount(ctx, claims, input.userCode);
  checkNewPassword(input.newPwd, input.secondPwd);
  if (user.passwordHash) {
    // Claimed before the check, as at log-in: a token's holder gets no more guesses at the old password than the lock allows.
    if ((await claimPasswordTry(db, user.phone, now(), { captchaChecked: true })) === null) throw new ApiError(ErrorCode.RateLimited, MSG_OLD_PASSWORD_LOCKED);
    if (!(await verifyPassword(input.oldPwd, user.passwordHash))) throw rejected(MSG_OLD_PASSWORD);
    await clearFailures(db, user.phone);
  } else if (input.oldPwd !== '') {
    throw rejected(MSG_OLD_PASSWORD);
  }
  await setPasswordHash(db, user.id, await hashPassword(input.newPwd, config.passwordScrypt));
  // A changed password ends every session, this one included: whoever knew the old one is out, and the
  // client logs in again. A first password (an SMS-only account adding one) changes no one's access: the
  // sessions stay and the user carries on where they were.
  if (!user.passwordHash) return '密码设置成功';
  await revokeAllSessions(db, user.id, now());
  return '密码修改成功，请重新登录';
}

/** The caller's phone moved to a new one proven by its code; answers the new phone masked. */
export async function changeOwnPhone(ctx: AuthContext, claims: AccessClaims, input: { userCode: string; oldPhoneNum: string; newPhoneNum: string; code: string }) {
  const user = await ownAccount(ctx, claims, input.userCode);
  const { newPhoneNum } = input;
  const oldMatches = input.oldPhoneNum === user.phone || input.oldPhoneNum === maskPhone(user.phone);
  if (!oldMatches) throw rejected('原手机号不正确');
  checkPhone(newPhoneNum);
  if (newPhoneNum === user.phone) throw rejected(MSG_SAME_PHONE);
  await verifySmsCode(ctx.sms, newPhoneNum, 'changePhone', input.code);
  if (!(await changePhone(ctx.deps.db, user.id, newPhoneNum))) throw rejected(MSG_PHONE_TAKEN);
  const masked = maskPhone(newPhoneNum);
  return { phone: masked, loginAccount: masked, userName: masked };
}
