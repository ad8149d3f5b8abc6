import type { FastifyInstance } from 'fastify';
import { otherCalls } from '../../contract/other-calls.ts';
import { MSG_ID_CHECKSUM, parseIdCard, validateName } from '../../engine/rules/index.ts';
import type { AppDeps } from '../app-deps.ts';
import { currentUser } from '../http/auth-guard.ts';
import { ID_CHECK_LIMIT, reserveAttempt } from '../http/call-limits.ts';
import { ok } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { checkRealName } from './identity-service.ts';

export const MSG_ID_LENGTH = '身份证号码位数有误!';

/** The ID-card check (docs/other-calls.md): the number's own facts, and the real-name check of a name with it (limited per user). */
export function registerIdCardRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const route = routesOf(app, deps);

  route(otherCalls.checkByIdCard, async (request) => {
    const now = deps.now();
    const idNo = request.query.idNo.trim().toUpperCase();
    const name = request.query.name?.trim();
    const parsed = parseIdCard(idNo, now);
    if (!parsed.ok) {
      return ok({ valid: false, nameMatched: null, birthday: '', sex: '', msg: parsed.reason === 'length' ? MSG_ID_LENGTH : MSG_ID_CHECKSUM });
    }
    const id = { valid: true, birthday: parsed.birthday, sex: parsed.sex };
    if (!name) return ok({ ...id, nameMatched: null, msg: '' });
    const nameProblem = validateName(name);
    if (nameProblem) return ok({ ...id, nameMatched: false, msg: nameProblem });
    // Only a real-name check reaches the provider, and only it is counted.
    await reserveAttempt(db, ID_CHECK_LIMIT, currentUser(request).userId, now);
    const outcome = await checkRealName(deps, { name, idNo });
    return ok({ ...id, nameMatched: outcome.passed, msg: outcome.reason });
  });
}
