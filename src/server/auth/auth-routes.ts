import type { FastifyInstance } from 'fastify';
import {
  DevSmsQuery,
  RefreshTokenBody,
  RegMsgQuery,
  RegisterAndLoginBody,
  type RefreshTokenBody as RefreshTokenBodyT,
  type RegMsgQuery as RegMsgQueryT,
  type RegisterAndLoginBody as RegisterAndLoginBodyT,
} from '../../contract/auth.ts';
import { ErrorCode } from '../../contract/envelope.ts';
import { ACCESS_TOKEN_HEADER, paths } from '../../contract/paths.ts';
import { validatePhone } from '../../engine/rules/index.ts';
import type { AppDeps } from '../app-deps.ts';
import { ApiError, notFound, ok, rejected } from '../http/envelope.ts';
import { rotateRefreshToken, issueTokenPair } from './sessions.ts';
import { sendSmsCode, verifySmsCode } from './sms-codes.ts';
import { toUserRecord } from './user-record.ts';
import { findOrCreateUserByPhone } from './users-repo.ts';

function checkPhone(phone: string): void {
  const problem = validatePhone(phone);
  if (problem) throw rejected(problem);
}

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const smsDeps = { db: deps.db, sms: deps.sms, pepper: deps.config.jwtSecret, now: deps.now };
  const sessionDeps = { db: deps.db, tokens: deps.tokens, now: deps.now };

  app.get<{ Querystring: RegMsgQueryT }>(paths.regMsg, { schema: { querystring: RegMsgQuery } }, async (request) => {
    checkPhone(request.query.phoneNum);
    await sendSmsCode(smsDeps, request.query.phoneNum, 'login');
    return ok(null, '验证码已发送');
  });

  app.post<{ Body: RegisterAndLoginBodyT }>(
    paths.registerAndLogin,
    { schema: { body: RegisterAndLoginBody } },
    async (request) => {
      const { phoneNum, smsVerificationCode } = request.body;
      checkPhone(phoneNum);
      await verifySmsCode(smsDeps, phoneNum, 'login', smsVerificationCode);
      const user = await findOrCreateUserByPhone(deps.db, phoneNum, deps.now());
      const pair = await issueTokenPair(sessionDeps, { userId: user.id, userCode: user.userCode });
      return ok(toUserRecord(user, pair), '登录成功');
    },
  );

  app.post<{ Body: RefreshTokenBodyT }>(
    paths.refreshToken,
    { schema: { body: RefreshTokenBody } },
    async (request, reply) => {
      const outcome = await rotateRefreshToken(sessionDeps, request.body.refreshToken);
      if (!outcome.ok) {
        request.log.info({ reason: outcome.reason }, 'refresh token refused');
        throw new ApiError(ErrorCode.LoginRequired, '登录已过期，请重新登录');
      }
      reply.header(ACCESS_TOKEN_HEADER, outcome.pair.token);
      return ok(outcome.pair);
    },
  );

  const outbox = deps.smsOutbox;
  if (deps.config.devEndpoints && outbox) {
    app.get<{ Querystring: { phoneNum: string } }>(
      paths.devSmsLatest,
      { schema: { querystring: DevSmsQuery } },
      async (request) => {
        const code = outbox.latestCode(request.query.phoneNum);
        if (!code) throw notFound('验证码');
        return ok({ code });
      },
    );
  }
}
