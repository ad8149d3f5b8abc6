import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CAPTCHA_HEADER } from '../../contract/accounts.ts';
import { authCalls } from '../../contract/auth.ts';
import { ErrorCode } from '../../contract/envelope.ts';
import { ACCESS_TOKEN_HEADER } from '../../contract/define-call.ts';
import type { AppDeps } from '../app-deps.ts';
import { currentClaims, tokenFromHeader } from '../http/auth-guard.ts';
import { ApiError, notFound, ok } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { sha256Hex } from '../lib/random-codes.ts';
import { checkCaptcha, createCaptcha } from './captcha.ts';
import { checkPhone, createAuthContext, MSG_SMS_SENT, type AuthContext } from './operations/auth-context.ts';
import { changeOwnPhone, changePassword, resetPassword } from './operations/change-credentials.ts';
import { passwordLogIn, signUpWithPassword, smsLogIn } from './operations/log-in.ts';
import { logOut } from './operations/log-out.ts';
import { PURPOSE_OF, sendLoginCode, sendPurposeCode, type SmsCodeRequest } from './operations/send-sms-code.ts';
import { rotateRefreshToken } from './sessions.ts';
import { verifySmsCode } from './sms-codes.ts';

const captchaIdOf = (request: FastifyRequest): string | undefined => {
  const value = request.headers[CAPTCHA_HEADER];
  return typeof value === 'string' && value.length <= 64 ? value : undefined;
};

/** A send's phone and captcha as the request carries them. */
const smsCodeRequest = (request: FastifyRequest, query: { phoneNum: string; imageVerificationCode?: string | undefined }): SmsCodeRequest => ({
  phone: query.phoneNum,
  captchaText: query.imageVerificationCode,
  captchaId: captchaIdOf(request),
  ip: request.ip,
});

/**
 * Log-in, registration, passwords, phone and tokens (docs/accounts.md). The
 * sub-areas register in this order, which the route list and the reference keep.
 */
export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const ctx = createAuthContext(deps, app.log);
  registerCaptchaRoutes(app, ctx);
  registerSmsCodeRoutes(app, ctx);
  registerLogInRoutes(app, ctx);
  registerCredentialRoutes(app, ctx);
  registerDevReadBackRoutes(app, ctx);
}

function registerCaptchaRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const route = routesOf(app, ctx.deps);

  route(authCalls.captcha, async (_request, reply) => {
    const { id, png } = await createCaptcha(ctx.captcha);
    return reply.header(CAPTCHA_HEADER, id).header('cache-control', 'no-store').type('image/png').send(png);
  });

  route(authCalls.vrifyKaptcha, async (request) => {
    await checkCaptcha(ctx.captcha, { id: captchaIdOf(request), text: request.query.signcode, consume: false });
    return ok(null, '验证通过');
  });
}

function registerSmsCodeRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const { deps } = ctx;
  const route = routesOf(app, deps);

  const loginCode = async (request: FastifyRequest, query: { phoneNum: string; imageVerificationCode?: string | undefined }) => {
    await sendLoginCode(ctx, smsCodeRequest(request, query));
    return ok(null, MSG_SMS_SENT);
  };
  route(authCalls.regMsg, (request) => loginCode(request, request.query));
  route(authCalls.baiRegMsg, (request) => loginCode(request, request.query));

  route(authCalls.registerRegMsg, async (request) => {
    const type = request.query.type ?? 'register';
    let callerId: string | undefined;
    if (type === 'changePhone') {
      // The new phone's code is only for the logged-in owner of an account.
      await deps.requireUser(request);
      callerId = currentClaims(request).userId;
    }
    await sendPurposeCode(ctx, type, smsCodeRequest(request, request.query), callerId);
    return ok(null, MSG_SMS_SENT);
  });

  route(authCalls.appVerification, async (request) => {
    const { phoneNum, smsVerificationCode } = request.query;
    checkPhone(phoneNum);
    await verifySmsCode(ctx.sms, phoneNum, PURPOSE_OF[request.query.type ?? 'register'], smsVerificationCode, { consume: false });
    return ok(null, '验证通过');
  });
}

function registerLogInRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const route = routesOf(app, ctx.deps);

  route(authCalls.registerAndLogin, async (request) => {
    const { phoneNum, smsVerificationCode } = request.body;
    return ok(await smsLogIn(ctx, phoneNum, smsVerificationCode), '登录成功');
  });

  route(authCalls.appRegister, async (request) => {
    const { phoneNum, passWord, smsVerificationCode } = request.body;
    return ok(await signUpWithPassword(ctx, phoneNum, passWord, smsVerificationCode), '注册成功');
  });

  route(authCalls.passwordLogin, async (request) => {
    const { loginAccount: phone, passWord: password, imageVerificationCode: captchaText } = request.body;
    return ok(await passwordLogIn(ctx, { phone, password, captchaText, captchaId: captchaIdOf(request) }), '登录成功');
  });

  route(authCalls.loginOut, async (request) => {
    // The body's field holds the token itself (spec §7, what the app sends), with or without the scheme;
    // the header must say Bearer like every other call's.
    const bodyToken = request.body.authorization?.trim().replace(/^Bearer +/i, '');
    const token = (bodyToken || null) ?? tokenFromHeader(request.headers.authorization);
    await logOut(ctx, token, request.body.refreshToken);
    return ok(null, '已退出登录');
  });
}

/** Passwords, phone and tokens. */
function registerCredentialRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const route = routesOf(app, ctx.deps);

  route(authCalls.pwdFind, async (request) => {
    const { phoneNum: phone, smsVerificationCode: code, newPwd: password, secondPwd: second } = request.body;
    await resetPassword(ctx, { phone, code, password, second });
    return ok(null, '密码重置成功，请重新登录');
  });

  route(authCalls.changePassword, async (request) => {
    return ok(null, await changePassword(ctx, currentClaims(request), request.body));
  });

  route(authCalls.changePhone, async (request) => {
    const { smsVerificationCode: code, ...phones } = request.body;
    return ok(await changeOwnPhone(ctx, currentClaims(request), { ...phones, code }), '手机号修改成功');
  });

  route(authCalls.refreshToken, async (request, reply) => {
    // The client, for the grace window: the same browser at the same address.
    const client = sha256Hex(`${request.headers['user-agent'] ?? ''}|${request.ip}`);
    const outcome = await rotateRefreshToken(ctx.sessions, request.body.refreshToken, client);
    if (!outcome.ok) {
      request.log.info({ reason: outcome.reason }, 'refresh token refused');
      throw new ApiError(ErrorCode.LoginRequired, '登录已过期，请重新登录');
    }
    reply.header(ACCESS_TOKEN_HEADER, outcome.pair.token);
    return ok(outcome.pair);
  });
}

/** Development read-backs of the last SMS code and captcha text. */
function registerDevReadBackRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const route = routesOf(app, ctx.deps);
  const outbox = ctx.deps.smsOutbox;
  const { captchaOutbox } = ctx;
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
}
