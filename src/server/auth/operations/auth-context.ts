import type { FastifyBaseLogger } from 'fastify';
import { validatePassword, validatePhone } from '../../../engine/rules/index.ts';
import type { AppDeps } from '../../app-deps.ts';
import { rejected } from '../../http/envelope.ts';
import { KeyedQueue } from '../../lib/keyed-queue.ts';
import { CaptchaOutbox, type CaptchaDeps } from '../captcha.ts';
import type { SessionDeps } from '../sessions.ts';
import type { SmsCodeDeps } from '../sms-codes.ts';

export const MSG_SMS_SENT = '验证码已发送';
export const MSG_BAD_CREDENTIALS = '账号或密码错误';
export const MSG_BAD_CREDENTIALS_CAPTCHA = '账号或密码错误，请输入图形验证码';
export const MSG_PASSWORDS_DIFFER = '两次输入的密码不一致';
export const MSG_OLD_PASSWORD = '原密码错误';
export const MSG_OLD_PASSWORD_LOCKED = '原密码错误次数过多，请30分钟后再试';
export const MSG_SAME_PHONE = '新手机号不能与原手机号相同';
export const MSG_PHONE_TAKEN = '该手机号已绑定其他账号';
export const MSG_ALREADY_REGISTERED = '该手机号已注册，请直接登录';

/** What the account operations share for the life of the app: their dependencies and the state kept between calls. */
export interface AuthContext {
  deps: AppDeps;
  sms: SmsCodeDeps;
  sessions: SessionDeps;
  captcha: CaptchaDeps;
  /** The captchas' texts, read back in development only. */
  captchaOutbox: CaptchaOutbox | undefined;
  /** One account's password tries run in arrival order. */
  passwordTries: KeyedQueue;
  /** Computed once: unknown accounts pay for one scrypt like known ones. */
  dummyHash: { value?: Promise<string> };
}

export function createAuthContext(deps: AppDeps, log: FastifyBaseLogger): AuthContext {
  const captchaOutbox = deps.config.devEndpoints ? new CaptchaOutbox() : undefined;
  return {
    deps,
    sms: { db: deps.db, sms: deps.sms, pepper: deps.config.jwtSecret, now: deps.now, perIpPerHour: deps.config.smsPerIpPerHour, log },
    sessions: { db: deps.db, tokens: deps.tokens, now: deps.now },
    captcha: { db: deps.db, pepper: deps.config.jwtSecret, now: deps.now, outbox: captchaOutbox },
    captchaOutbox,
    passwordTries: new KeyedQueue(),
    dummyHash: {},
  };
}

export function checkPhone(phone: string): void {
  const problem = validatePhone(phone);
  if (problem) throw rejected(problem);
}

export function checkNewPassword(password: string, second: string | undefined): void {
  const problem = validatePassword(password);
  if (problem) throw rejected(problem);
  if (second !== undefined && second !== password) throw rejected(MSG_PASSWORDS_DIFFER);
}
