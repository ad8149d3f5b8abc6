import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CAPTCHA_HEADER, type SmsSendType } from '../../contract/accounts.ts';
import { authCalls } from '../../contract/auth.ts';
import { ErrorCode } from '../../contract/envelope.ts';
import { ACCESS_TOKEN_HEADER } from '../../contract/define-call.ts';
import { maskPhone, validatePassword, validatePhone } from '../../engine/rules/index.ts';
import type { AppDeps } from '../app-deps.ts';
import type { SmsPurpose } from '../db/schema.ts';
import { currentClaims, tokenFromHeader } from '../http/auth-guard.ts';
import { ApiError, forbidden, notFound, ok, rejected } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { KeyedQueue } from '../lib/keyed-queue.ts';
import { sha256Hex } from '../lib/random-codes.ts';
import { registerIdentityRoutes } from '../identity/identity-routes.ts';
import { checkCaptcha, CaptchaOutbox, createCaptcha, MSG_CAPTCHA_REQUIRED } from './captcha.ts';
import {
  CAPTCHA_AFTER_FAILURES,
  claimPasswordTry,
  clearFailures,
  clearSmsQuota,
  failureState,
  MSG_LOCKED,
  recordFailure,
  smsQuota,
  smsWaitMessage,
} from './limits.ts';
import { dummyHashFor, hashPassword, verifyPassword } from './passwords.ts';
import { getStaffOfUser, getManagerOf } from './people-repo.ts';
import { registerProfileRoutes } from './profile-routes.ts';
import { getRefreshTokenByHash } from './refresh-tokens-repo.ts';
import { issueTokenPair, revokeAllSessions, revokeSession, rotateRefreshToken } from './sessions.ts';
import { MSG_SMS_EXPIRED, sendSmsCode, verifySmsCode } from './sms-codes.ts';
import { toUserRecord } from './user-record.ts';
import {
  changePhone,
  createUserWithPassword,
  findOrCreateUserByPhone,
  getUserById,
  getUserByPhone,
  recordLogin,
  setPasswordHash,
  type UserRow,
} from './users-repo.ts';

export const MSG_SMS_SENT = '验证码已发送';
export const MSG_BAD_CREDENTIALS = '账号或密码错误';
export const MSG_BAD_CREDENTIALS_CAPTCHA = '账号或密码错误，请输入图形验证码';
export const MSG_PASSWORDS_DIFFER = '两次输入的密码不一致';
export const MSG_OLD_PASSWORD = '原密码错误';
export const MSG_OLD_PASSWORD_LOCKED = '原密码错误次数过多，请30分钟后再试';
export const MSG_SAME_PHONE = '新手机号不能与原手机号相同';
export const MSG_PHONE_TAKEN = '该手机号已绑定其他账号';
export const MSG_ALREADY_REGISTERED = '该手机号已注册，请直接登录';

/** Texts sent instead of a code when no code could work; the HTTP answer stays the same. */
/** The message (no code) a phone gets when no code can work for this request (sms-templates.ts). */
const NOTICE = { register: 'alreadyRegistered', reset: 'notRegistered', changePhone: 'boundElsewhere' } as const;

const PURPOSE_OF: Record<SmsSendType, SmsPurpose> = { register: 'register', reset: 'reset', changePhone: 'changePhone' };

function checkPhone(phone: string): void {
  const problem = validatePhone(phone);
  if (problem) throw rejected(problem);
}

function checkNewPassword(password: string, second: string | undefined): void {
  const problem = validatePassword(password);
  if (problem) throw rejected(problem);
  if (second !== undefined && second !== password) throw rejected(MSG_PASSWORDS_DIFFER);
}

const captchaIdOf = (request: FastifyRequest): string | undefined => {
  const value = request.headers[CAPTCHA_HEADER];
  return typeof value === 'string' && value.length <= 64 ? value : undefined;
};

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const smsDeps = { db: deps.db, sms: deps.sms, pepper: deps.config.jwtSecret, now: deps.now, perIpPerHour: deps.config.smsPerIpPerHour, log: app.log };
  const sessionDeps = { db: deps.db, tokens: deps.tokens, now: deps.now };
  const captchaOutbox = deps.config.devEndpoints ? new CaptchaOutbox() : undefined;
  const captchaDeps = { db: deps.db, pepper: deps.config.jwtSecret, now: deps.now, outbox: captchaOutbox };
  const route = routesOf(app, deps);
  const passwordTries = new KeyedQueue();
  // Computed once: unknown accounts pay for one scrypt like known ones.
  let dummyHash: Promise<string> | undefined;

  /**
   * Before an SMS send: the phone's spacing must have passed (checked first, so a
   * captcha is not used up by a send that would be refused), and after 3 failed
   * log-ins or 3 sends in the window the image captcha is needed (used up here).
   * Registered and unregistered phones go through the same steps.
   */
  async function captchaGate(request: FastifyRequest, phone: string, text: string | undefined): Promise<void> {
    const now = deps.now();
    const [state, quota] = await Promise.all([failureState(deps.db, phone, now), smsQuota(deps.db, phone, now)]);
    if (quota.waitMs > 0) throw new ApiError(ErrorCode.RateLimited, smsWaitMessage(quota.waitMs));
    if (state.failures < CAPTCHA_AFTER_FAILURES && !quota.captcha) return;
    await checkCaptcha(captchaDeps, { id: captchaIdOf(request), text, consume: true });
  }

  async function loggedIn(user: UserRow) {
    const counted = await recordLogin(deps.db, user.id, deps.now());
    await clearFailures(deps.db, user.phone);
    // The owner is in: an attacker's sends to this phone no longer slow the owner's next code down.
    await clearSmsQuota(deps.db, user.phone);
    const pair = await issueTokenPair(sessionDeps, { userId: counted.id, userCode: counted.userCode, tokenVersion: counted.tokenVersion });
    const [staff, manager] = await Promise.all([getStaffOfUser(deps.db, counted.id), getManagerOf(deps.db, counted.id)]);
    return toUserRecord(counted, pair, {
      isStaff: Boolean(staff),
      schanelCode: manager?.schanelCode ?? '',
      ...(staff ? { branchCode: staff.branchCode, branchName: staff.branchName } : {}),
    });
  }

  /** A wrong SMS code on a log-in counts as a failed log-in of the phone. */
  async function verifyLoginCode(phone: string, purpose: SmsPurpose, code: string): Promise<void> {
    try {
      await verifySmsCode(smsDeps, phone, purpose, code);
    } catch (error) {
      // A wrong guess counts; an expired or used code is not a guess.
      if (error instanceof ApiError && error.code === ErrorCode.SmsCode && error.msg !== MSG_SMS_EXPIRED) {
        await recordFailure(deps.db, phone, deps.now());
      }
      throw error;
    }
  }

  // ------------------------------------------------------------ captcha

  route(authCalls.captcha, async (_request, reply) => {
    const { id, png } = await createCaptcha(captchaDeps);
    return reply.header(CAPTCHA_HEADER, id).header('cache-control', 'no-store').type('image/png').send(png);
  });

  route(authCalls.vrifyKaptcha, async (request) => {
    await checkCaptcha(captchaDeps, { id: captchaIdOf(request), text: request.query.signcode, consume: false });
    return ok(null, '验证通过');
  });

  // ------------------------------------------------------------ SMS codes

  const sendLoginCode = async (request: FastifyRequest, query: { phoneNum: string; imageVerificationCode?: string | undefined }) => {
    checkPhone(query.phoneNum);
    await captchaGate(request, query.phoneNum, query.imageVerificationCode);
    await sendSmsCode(smsDeps, query.phoneNum, 'login', { ip: request.ip });
    return ok(null, MSG_SMS_SENT);
  };
  route(authCalls.regMsg, (request) => sendLoginCode(request, request.query));
  route(authCalls.baiRegMsg, (request) => sendLoginCode(request, request.query));

  route(
    authCalls.registerRegMsg,
    async (request) => {
      const { phoneNum, imageVerificationCode } = request.query;
      const type = request.query.type ?? 'register';
      let caller: UserRow | undefined;
      if (type === 'changePhone') {
        // The new phone's code is only for the logged-in owner of an account.
        await deps.requireUser(request);
        caller = await getUserById(deps.db, currentClaims(request).userId);
        if (!caller) throw notFound('用户');
      }
      checkPhone(phoneNum);
      if (caller && caller.phone === phoneNum) throw rejected(MSG_SAME_PHONE);
      await captchaGate(request, phoneNum, imageVerificationCode);
      const registered = Boolean(await getUserByPhone(deps.db, phoneNum));
      const codeUseless = type === 'reset' ? !registered : registered;
      await sendSmsCode(smsDeps, phoneNum, PURPOSE_OF[type], { ip: request.ip, ...(codeUseless ? { notice: NOTICE[type] } : {}) });
      return ok(null, MSG_SMS_SENT);
    },
  );

  route(
    authCalls.appVerification,
    async (request) => {
      const { phoneNum, smsVerificationCode } = request.query;
      checkPhone(phoneNum);
      await verifySmsCode(smsDeps, phoneNum, PURPOSE_OF[request.query.type ?? 'register'], smsVerificationCode, { consume: false });
      return ok(null, '验证通过');
    },
  );

  // ------------------------------------------------------------ log-in and registration

  route(
    authCalls.registerAndLogin,
    async (request) => {
      const { phoneNum, smsVerificationCode } = request.body;
      checkPhone(phoneNum);
      await verifyLoginCode(phoneNum, 'login', smsVerificationCode);
      const user = await findOrCreateUserByPhone(deps.db, phoneNum, deps.now());
      return ok(await loggedIn(user), '登录成功');
    },
  );

  route(authCalls.appRegister, async (request) => {
    const { phoneNum, passWord, smsVerificationCode } = request.body;
    checkPhone(phoneNum);
    checkNewPassword(passWord, undefined);
    await verifySmsCode(smsDeps, phoneNum, 'register', smsVerificationCode);
    const user = await createUserWithPassword(deps.db, phoneNum, await hashPassword(passWord, deps.config.passwordScrypt), deps.now());
    if (!user) throw rejected(MSG_ALREADY_REGISTERED);
    return ok(await loggedIn(user), '注册成功');
  });

  route(authCalls.passwordLogin, async (request) => {
    const { loginAccount: phone, passWord, imageVerificationCode } = request.body;
    checkPhone(phone);
    const now = deps.now();
    // The try is claimed before the password is checked, so concurrent guesses cannot pass the captcha step or
    // the lock together; one account's claims run in arrival order.
    const failures = await passwordTries.run(phone, async () => {
      const state = await failureState(deps.db, phone, now);
      if (state.locked) throw new ApiError(ErrorCode.RateLimited, MSG_LOCKED);
      const captchaChecked = state.failures >= CAPTCHA_AFTER_FAILURES;
      if (captchaChecked) await checkCaptcha(captchaDeps, { id: captchaIdOf(request), text: imageVerificationCode, consume: true });
      const claimed = await claimPasswordTry(deps.db, phone, now, { captchaChecked });
      if (claimed !== null) return claimed;
      if ((await failureState(deps.db, phone, now)).locked) throw new ApiError(ErrorCode.RateLimited, MSG_LOCKED);
      throw new ApiError(ErrorCode.CaptchaRequired, MSG_CAPTCHA_REQUIRED);
    });
    const user = await getUserByPhone(deps.db, phone);
    dummyHash ??= dummyHashFor(deps.config.passwordScrypt);
    const stored = user?.passwordHash ?? (await dummyHash);
    const matches = (await verifyPassword(passWord, stored)) && Boolean(user?.passwordHash);
    if (!user || !matches) {
      if (failures >= CAPTCHA_AFTER_FAILURES) throw new ApiError(ErrorCode.CaptchaRequired, MSG_BAD_CREDENTIALS_CAPTCHA);
      throw rejected(MSG_BAD_CREDENTIALS);
    }
    return ok(await loggedIn(user), '登录成功');
  });

  route(authCalls.loginOut, async (request) => {
    const now = deps.now();
    // The body's field holds the token itself (spec §7, what the app sends), with or without the scheme;
    // the header must say Bearer like every other call's.
    const bodyToken = request.body.authorization?.trim().replace(/^Bearer +/i, '');
    const token = (bodyToken || null) ?? tokenFromHeader(request.headers.authorization);
    // An expired access token still names its session: log-out must work after a long pause too.
    const claims = token ? await deps.tokens.verify(token, { ignoreExpiry: true }) : null;
    if (claims) await revokeSession(deps.db, claims.userId, claims.sessionId, now);
    if (request.body.refreshToken) {
      const row = await getRefreshTokenByHash(deps.db, sha256Hex(request.body.refreshToken));
      if (row) await revokeSession(deps.db, row.userId, row.familyId, now);
    }
    return ok(null, '已退出登录');
  });

  // ------------------------------------------------------------ passwords and phone

  route(authCalls.pwdFind, async (request) => {
    const { phoneNum, smsVerificationCode, newPwd, secondPwd } = request.body;
    checkPhone(phoneNum);
    checkNewPassword(newPwd, secondPwd);
    // Only a registered phone was ever sent a reset code (others got a notice), so a good code means an account.
    await verifySmsCode(smsDeps, phoneNum, 'reset', smsVerificationCode);
    const user = await getUserByPhone(deps.db, phoneNum);
    if (!user) throw rejected('验证码已失效，请重新获取');
    await setPasswordHash(deps.db, user.id, await hashPassword(newPwd, deps.config.passwordScrypt));
    await revokeAllSessions(deps.db, user.id, deps.now());
    await clearFailures(deps.db, phoneNum);
    return ok(null, '密码重置成功，请重新登录');
  });

  route(
    authCalls.changePassword,
    async (request) => {
      const claims = currentClaims(request);
      const { userCode, oldPwd, newPwd, secondPwd } = request.body;
      if (userCode !== claims.userCode) throw forbidden('账户');
      const user = await getUserById(deps.db, claims.userId);
      if (!user) throw notFound('用户');
      checkNewPassword(newPwd, secondPwd);
      if (user.passwordHash) {
        // Claimed before the check, as at log-in: a token's holder gets no more guesses at the old password than the lock allows.
        if ((await claimPasswordTry(deps.db, user.phone, deps.now(), { captchaChecked: true })) === null) throw new ApiError(ErrorCode.RateLimited, MSG_OLD_PASSWORD_LOCKED);
        if (!(await verifyPassword(oldPwd, user.passwordHash))) throw rejected(MSG_OLD_PASSWORD);
        await clearFailures(deps.db, user.phone);
      } else if (oldPwd !== '') {
        throw rejected(MSG_OLD_PASSWORD);
      }
      await setPasswordHash(deps.db, user.id, await hashPassword(newPwd, deps.config.passwordScrypt));
      // A changed password ends every session, this one included: whoever knew the old one is out, and the
      // client logs in again. A first password (an SMS-only account adding one) changes no one's access: the
      // sessions stay and the user carries on where they were.
      if (!user.passwordHash) return ok(null, '密码设置成功');
      await revokeAllSessions(deps.db, user.id, deps.now());
      return ok(null, '密码修改成功，请重新登录');
    },
  );

  route(
    authCalls.changePhone,
    async (request) => {
      const claims = currentClaims(request);
      const { userCode, oldPhoneNum, newPhoneNum, smsVerificationCode } = request.body;
      if (userCode !== claims.userCode) throw forbidden('账户');
      const user = await getUserById(deps.db, claims.userId);
      if (!user) throw notFound('用户');
      const oldMatches = oldPhoneNum === user.phone || oldPhoneNum === maskPhone(user.phone);
      if (!oldMatches) throw rejected('原手机号不正确');
      checkPhone(newPhoneNum);
      if (newPhoneNum === user.phone) throw rejected(MSG_SAME_PHONE);
      await verifySmsCode(smsDeps, newPhoneNum, 'changePhone', smsVerificationCode);
      if (!(await changePhone(deps.db, user.id, newPhoneNum))) throw rejected(MSG_PHONE_TAKEN);
      const masked = maskPhone(newPhoneNum);
      return ok({ phone: masked, loginAccount: masked, userName: masked }, '手机号修改成功');
    },
  );

  // ------------------------------------------------------------ tokens

  route(
    authCalls.refreshToken,
    async (request, reply) => {
      // The client, for the grace window: the same browser at the same address.
      const client = sha256Hex(`${request.headers['user-agent'] ?? ''}|${request.ip}`);
      const outcome = await rotateRefreshToken(sessionDeps, request.body.refreshToken, client);
      if (!outcome.ok) {
        request.log.info({ reason: outcome.reason }, 'refresh token refused');
        throw new ApiError(ErrorCode.LoginRequired, '登录已过期，请重新登录');
      }
      reply.header(ACCESS_TOKEN_HEADER, outcome.pair.token);
      return ok(outcome.pair);
    },
  );

  // ------------------------------------------------------------ development read-backs

  const outbox = deps.smsOutbox;
  // `route` registers development calls only when development endpoints are on; these also need their outbox.
  if (outbox) {
    route(authCalls.devSmsLatest, async (request) => {
      const code = outbox.latestCode(request.query.phoneNum);
      if (!code) throw notFound('验证码');
      return ok({ code });
    });
  }
  if (captchaOutbox) {
    route(authCalls.devCaptchaLatest, async (request) => {
      const text = captchaOutbox.textOf(request.query.id);
      if (!text) throw notFound('图形验证码');
      return ok({ text });
    });
  }

  registerProfileRoutes(app, deps);
  registerIdentityRoutes(app, deps);
}
