import { REPEAT_LIMIT, reserveAttempt } from '../http/call-limits.ts';
import type { FastifyInstance } from 'fastify';
import { orderCalls } from '../../contract/order.ts';
import { RESUB_HEADER } from '../../contract/define-call.ts';
import type { AppDeps } from '../app-deps.ts';
import { acceptCheckedSession, currentUser, uncheckedClaims } from '../http/auth-guard.ts';
import { ok } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { askAboutOrderTrades } from '../payments/pending-trades.ts';
import { dailyCode, randomToken } from '../lib/random-codes.ts';
import { listFormViewsOfUser } from './orders-repo.ts';
import { requireOwnForm } from './own-form.ts';
import { toOrderDetail, toPolicyListItem } from './policy-views.ts';
import { repeatInsuranceOfApplication } from './repeat-insurance.ts';
import { insertResubToken } from './resub-tokens-repo.ts';
import { insertSerial } from './serials-repo.ts';
import { submitOrder } from './submit-order.ts';

export const RESUB_TOKEN_TTL_MS = 30 * 60 * 1000;

export function registerOrderRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const route = routesOf(app, deps);

  route(orderCalls.serial, async (request) => {
    const now = deps.now();
    const serial = dailyCode('SN', now);
    await insertSerial(db, { serial, userId: currentUser(request).userId, now });
    return ok(serial);
  });

  route(orderCalls.resubToken, async (request) => {
    const now = deps.now();
    const token = randomToken(24);
    await insertResubToken(db, {
      token,
      userId: currentUser(request).userId,
      now,
      expiresAt: new Date(now.getTime() + RESUB_TOKEN_TTL_MS),
    });
    return ok(token);
  });

  route(orderCalls.repeatInsurance, async (request) => {
    // Answers only for an insured of the caller's own application, and limited per user, one budget with v1
    // (docs/security.md): not an ID-number oracle.
    const user = currentUser(request);
    await reserveAttempt(deps.db, REPEAT_LIMIT, user.userId, deps.now());
    return ok({ repeat: await repeatInsuranceOfApplication(deps, user, request.body) });
  });

  // The token's session is checked by the submission's first statement (with its own state), not by the guard.
  route(
    orderCalls.submitOrder,
    async (request) => {
      const header: unknown = request.headers[RESUB_HEADER];
      const token = typeof header === 'string' ? header : undefined;
      const caller = { claims: uncheckedClaims(request), accept: (revoked: boolean) => acceptCheckedSession(request, revoked) };
      return ok(await submitOrder(deps, caller, request.body, token, request.log), '投保成功');
    },
    { sessionCheckedByHandler: true },
  );

  route(orderCalls.orderDetail, async (request) => {
    const key = { orderCode: request.body.orderCode };
    const user = currentUser(request);
    const view = await requireOwnForm(db, key, user);
    // The payment page polls this after the cashier: an unpaid order's trades are asked about (payments/pending-trades.ts).
    if (view.status === 'toBePaid' && (await askAboutOrderTrades(deps, view.orderId, request.log))) return ok(toOrderDetail(await requireOwnForm(db, key, user)));
    return ok(toOrderDetail(view));
  });

  route(orderCalls.policyList, async (request) => {
    // Clamped so that an absurd page number is an empty page, not an out-of-range OFFSET.
    const pageNum = Math.min(request.body.pageNum ?? 1, 1_000_000);
    const pageSize = request.body.pageSize ?? 15;
    const { rows, total } = await listFormViewsOfUser(db, {
      userId: currentUser(request).userId,
      status: request.body.status,
      limit: pageSize,
      offset: (pageNum - 1) * pageSize,
    });
    return ok({ list: rows.map((row) => toPolicyListItem(row, deps.manifests)), total });
  });
}
