import type { FastifyInstance } from 'fastify';
import { promoterCalls } from '../../contract/promoter.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireOwnUser } from '../auth/operations/own-user.ts';
import { unknownScopeEntries } from '../auth/staff-access.ts';
import { currentClaims } from '../http/auth-guard.ts';
import { ok, rejected } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { promoterCard } from './operations/promoter-card.ts';
import { setManager } from './operations/set-manager.ts';
import { wechatShareConfig } from './operations/wechat-share.ts';
import { upsertStaff } from './staff-admin.ts';

const DAY_MS = 86_400_000;

/**
 * The promoter channel's own calls (docs/promoters.md): the share
 * card with the caller's codes, the WeChat JSSDK signature, staff moving a
 * customer to another manager, and the development clock. Registered in this
 * order, which the route list and the reference keep.
 */
export function registerPromoterRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerPromoterChannelRoutes(app, deps);
  registerPromoterDevRoutes(app, deps);
}

/** The share card, the WeChat share signature, and staff moving a customer to another manager. */
function registerPromoterChannelRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);

  route(promoterCalls.myCard, async (request) => ok(await promoterCard(deps, await requireOwnUser(deps.db, currentClaims(request)))));

  route(promoterCalls.weChatShare, async (request) => ok(await wechatShareConfig(deps, request.query.shareUrl, request.log)));

  route(promoterCalls.setManager, async (request) => {
    await setManager(deps, await requireOwnUser(deps.db, currentClaims(request)), request.body);
    return ok(null);
  });
}

/** Development only (auth 'dev': not registered in production). */
function registerPromoterDevRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);

  // The e2e server's database is in memory, out of reach of `npm run staff`.
  route(promoterCalls.devStaff, async (request) => {
    const unknown = unknownScopeEntries(deps, request.body.scope ?? []);
    if (unknown.length > 0) throw rejected(`范围不是产品代码或保险超市：${unknown.join(',')}`);
    const saved = await upsertStaff(deps.db, request.body, deps.now()).catch((error: unknown) => {
      throw rejected(error instanceof Error ? error.message : '员工信息无效');
    });
    return ok({ userCode: saved.userCode, promoCode: saved.promoCode, managerCode: saved.managerCode });
  });

  // The e2e tests reach a renewal window this way.
  route(promoterCalls.devClock, async (request) => {
    deps.clock.offsetMs = request.body.offsetDays * DAY_MS;
    return ok({ now: deps.now().toISOString(), offsetDays: request.body.offsetDays });
  });
}
