import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { promoterCalls, type PromoterCard } from '../../contract/promoter.ts';
import { maskName, maskPhone } from '../../engine/rules/index.ts';
import type { AppDeps } from '../app-deps.ts';
import { getManagerOf, getStaffOfUser, reassignManager } from '../auth/people-repo.ts';
import { staffWithRole, unknownScopeEntries } from '../auth/staff-access.ts';
import { getUserByCode, getUserById } from '../auth/users-repo.ts';
import { currentClaims } from '../http/auth-guard.ts';
import { ApiError, forbidden, notFound, ok, rejected } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { ErrorCode } from '../../contract/envelope.ts';
import { jssdkSignature } from '../providers/wechat/wechat-jssdk-provider.ts';
import { sharedCredential } from '../providers/shared-credentials.ts';
import { ensurePromoterCodes, findPromoterByCode } from './promoters-repo.ts';
import { upsertStaff } from './staff-admin.ts';
import { BROKERAGE } from '../../engine/rules/brokerage.ts';

/** Printed on share posters and agreement seals when BROKERAGE_NAME is unset. */
export const DEFAULT_BROKERAGE_NAME = BROKERAGE.name;

const DAY_MS = 86_400_000;

/**
 * The promoter channel's own calls (docs/promoters.md): the share
 * card with the caller's codes, the WeChat JSSDK signature, staff moving a
 * customer to another manager, and the development clock.
 */
export function registerPromoterRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);
  // One jsapi_ticket for every instance, in the database: a second fetch would invalidate the first.
  const ticketName = `wechat:${deps.wechat.appId}:jsapi_ticket`;
  const fetchTicket = async (tx: typeof deps.db) => {
    const { ticket, expiresInSeconds } = await deps.wechat.fetchTicket(tx);
    return { value: ticket, expiresInSeconds };
  };

  async function caller(request: Parameters<typeof currentClaims>[0]) {
    const user = await getUserById(deps.db, currentClaims(request).userId);
    if (!user) throw notFound('用户');
    return user;
  }

  route(promoterCalls.myCard, async (request) => {
    const user = await caller(request);
    const [codes, staff] = await Promise.all([ensurePromoterCodes(deps.db, user.id, deps.now()), getStaffOfUser(deps.db, user.id)]);
    const card: PromoterCard = {
      promoCode: codes.promoCode,
      managerCode: codes.managerCode,
      // Staff print their own name (a licensed broker is public); a customer only masked.
      name: staff ? staff.name : user.actualName ? maskName(user.actualName) : maskPhone(user.phone),
      isStaff: Boolean(staff),
      roleLabel: staff ? '经纪人' : '推荐人',
      licenseNumber: staff?.licenseNumber ?? '',
      companyName: deps.config.brokerageName ?? DEFAULT_BROKERAGE_NAME,
      branchName: staff?.branchName ?? '',
      channelCode: staff?.channelCode ?? '',
    };
    return ok(card);
  });

  route(promoterCalls.weChatShare, async (request) => {
    const url = request.query.shareUrl.split('#')[0] ?? '';
    if (!/^https?:\/\/[^\s]+$/.test(url)) throw rejected('分享地址无效');
    let ticket: string;
    try {
      ticket = await sharedCredential(deps.db, ticketName, deps.now, fetchTicket);
    } catch (error) {
      request.log.warn({ err: error }, 'jsapi_ticket fetch failed');
      throw new ApiError(ErrorCode.Busy, '获取微信分享授权失败');
    }
    const timestamp = Math.floor(deps.now().getTime() / 1000);
    const nonceStr = randomBytes(12).toString('hex');
    return ok({ appId: deps.wechat.appId, timestamp, nonceStr, signature: jssdkSignature({ ticket, nonceStr, timestamp, url }) });
  });

  // The first manager sticks (addCustomer, first order); staff hand a customer over. A staff member with the
  // broker or manager role may move their own customer, or bind one who has none; another manager's customer
  // is not theirs to take, and staff of other roles (compliance, roster) move no one.
  route(promoterCalls.setManager, async (request) => {
    const user = await caller(request);
    if (!(await staffWithRole(deps.db, user.id, ['broker', 'manager']))) throw forbidden('客户');
    const customer = await getUserByCode(deps.db, request.body.customerId);
    const current = customer ? await getManagerOf(deps.db, customer.id) : undefined;
    if (!customer || (current && current.managerUserCode !== user.userCode)) throw forbidden('客户');
    const target = await findPromoterByCode(deps.db, request.body.managerCode);
    if (!target) throw notFound('客户经理');
    if (target.userId === customer.id) throw rejected('不能成为自己的客户');
    await reassignManager(deps.db, {
      userId: customer.id,
      managerUserCode: target.userCode,
      schanelCode: target.staff?.channelCode ?? '',
      now: deps.now(),
    });
    return ok(null);
  });

  // Development only (auth 'dev': not registered in production): the e2e server's database is in memory,
  // out of reach of `npm run staff`.
  route(promoterCalls.devStaff, async (request) => {
    const unknown = unknownScopeEntries(deps, request.body.scope ?? []);
    if (unknown.length > 0) throw rejected(`范围不是产品代码或保险超市：${unknown.join(',')}`);
    const saved = await upsertStaff(deps.db, request.body, deps.now()).catch((error: unknown) => {
      throw rejected(error instanceof Error ? error.message : '员工信息无效');
    });
    return ok({ userCode: saved.userCode, promoCode: saved.promoCode, managerCode: saved.managerCode });
  });

  // Development only (auth 'dev': not registered in production): the e2e tests reach a renewal window this way.
  route(promoterCalls.devClock, async (request) => {
    deps.clock.offsetMs = request.body.offsetDays * DAY_MS;
    return ok({ now: deps.now().toISOString(), offsetDays: request.body.offsetDays });
  });
}
