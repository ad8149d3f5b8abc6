import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { identityCalls, type AuthenInfo } from '../../contract/accounts.ts';
import { maskIdNumber, maskName } from '../../engine/rules/index.ts';
import type { AppDeps } from '../app-deps.ts';
import { getUserById, type UserRow } from '../auth/users-repo.ts';
import { currentClaims } from '../http/auth-guard.ts';
import { notFound, ok, rejected } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { Type, type Static } from '@sinclair/typebox';
import {
  beginFace,
  decodeIdentityPayload,
  FACE_RETURN_PATH,
  returnFromFace,
  toVerificationResult,
  verificationResult,
  verifyRealName,
} from './identity-service.ts';

function authenInfo(user: UserRow): AuthenInfo {
  return {
    realNameStatus: user.realNameAt ? '1' : '0',
    faceStatus: user.faceAt ? '1' : '0',
    name: user.realName ? maskName(user.realName) : '',
    idNo: user.idNo ? maskIdNumber(user.idNo) : '',
  };
}

/** Real-name and face authentication: user-svc calls and the obfuscated op-log calls of spec §7. */
export function registerIdentityRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);

  route(identityCalls.validateId, async (request) => {
    const payload = decodeIdentityPayload(request.body.data);
    if (payload.backUrl !== undefined || payload.startFrom !== undefined) throw rejected('实名认证不需要返回地址');
    const row = await verifyRealName(deps, currentClaims(request).userId, payload);
    const result = toVerificationResult(row);
    return ok(result, result.idStatus === 'passed' ? '实名认证通过' : result.reason);
  });

  route(identityCalls.validateFace, async (request) => {
    const payload = decodeIdentityPayload(request.body.data);
    if (payload.startFrom === undefined || payload.backUrl === undefined) throw rejected('人脸识别需要返回地址');
    const faceUrl = await beginFace(deps, currentClaims(request).userId, payload);
    return ok({ faceUrl });
  });

  route(
    identityCalls.verification,
    async (request) => ok(await verificationResult(deps, currentClaims(request).userId, request.params.id)),
  );

  route(identityCalls.authenInfo, async (request) => {
    const user = await getUserById(deps.db, currentClaims(request).userId);
    if (!user) throw notFound('用户');
    return ok(authenInfo(user));
  });

  route(
    identityCalls.personalAuthen,
    async (request) => {
      const userId = currentClaims(request).userId;
      const row = await verifyRealName(deps, userId, { verId: randomBytes(16).toString('hex'), name: request.body.name, idNo: request.body.idNo });
      if (row.idStatus !== 'passed') throw rejected(row.idReason ?? '实名认证未通过');
      const user = await getUserById(deps.db, userId);
      if (!user) throw notFound('用户');
      return ok(authenInfo(user), '实名认证通过');
    },
  );
}

const FaceReturnQuery = Type.Object({
  ticket: Type.String({ minLength: 16, maxLength: 64 }),
  // Appended by the vendor (its BizToken); the server asks about the token it stored, not this one.
  token: Type.Optional(Type.String({ maxLength: 128 })),
});

/**
 * The address the identity vendor sends the browser back to after its face
 * page (outside /_gw: a navigation carries no access token; the one-time
 * ticket names the verification): records the vendor's outcome if decided,
 * then 303 to the verification's result page with verId and startFrom=2.
 */
export function registerFaceReturnRoute(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Querystring: Static<typeof FaceReturnQuery> }>(FACE_RETURN_PATH, { schema: { querystring: FaceReturnQuery } }, async (request, reply) => {
    const next = await returnFromFace(deps, request.query.ticket);
    return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(next, 303);
  });
}
