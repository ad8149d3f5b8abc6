import type { FastifyInstance, FastifyRequest } from 'fastify';
import { POLICY_STATUS_NAMES } from '../../contract/policy-status.ts';
import { shareTitle } from '../../contract/promoter.ts';
import {
  PROMOTER_PAGE_SIZE,
  PROMOTER_RENEWAL_WINDOW_DAYS,
  promoterAreaCalls,
  type Achievements,
  type PromoterCustomer,
  type PromoterRenewal,
  type PromoterSale,
  type RewardStatus,
} from '../../contract/promoter-area.ts';
import { fenToYuan } from '../../engine/pricing/premium.ts';
import { maskIdNumber, maskName, maskPhone } from '../../engine/rules/index.ts';
import type { AppDeps } from '../app-deps.ts';
import { renewalLabelOf } from '../catalogue/manifest-fields.ts';
import { requireManifest } from '../catalogue/manifest-store.ts';
import { currentUser } from '../http/auth-guard.ts';
import { forbidden, ok, rejected } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { bucketOfKey, bucketsOf, shanghaiDay, shanghaiDayNumber } from './achievement-periods.ts';
import {
  achievementFigures,
  findCustomer,
  findVisibleSale,
  forgetPushSms,
  listCustomers,
  listCustomerSales,
  listRenewals,
  listSalesBetween,
  listValidSales,
  recordPushSms,
  rewardLedger,
  type CustomerRow,
  type Promoter,
  type SaleRow,
} from './promoter-area-repo.ts';
import { ensurePromoterCodes, isPromoter } from './promoters-repo.ts';

const DAY_MS = 86_400_000;
/** A customer's detail lists at most this many of their policies, newest first. */
const CUSTOMER_DETAIL_SALES = 100;

const REWARD_STATUS_NAMES: Readonly<Record<RewardStatus, string>> = {
  pending: '待确认',
  confirmed: '已确认',
  paid: '已发放',
  clawedBack: '已追回',
};

/** Every name, phone and ID number leaves masked (engine masking rules). */
function toSale(row: SaleRow): PromoterSale {
  const names = JSON.parse(row.insuredNames) as string[];
  return {
    orderCode: row.orderCode,
    applicationFormCode: row.applicationFormCode,
    policyNo: row.policyNo,
    productCode: row.productCode,
    productName: row.productName,
    planName: row.planName,
    premium: fenToYuan(row.premiumFen),
    status: row.status,
    statusName: POLICY_STATUS_NAMES[row.status],
    startDate: row.startDate,
    endDate: row.endDate,
    createdAt: row.createdAt,
    customerId: row.customerId,
    holderName: maskName(row.holderName),
    insuredNames: names.map(maskName),
  };
}

function toCustomer(row: CustomerRow): PromoterCustomer {
  const phone = maskPhone(row.phone);
  return {
    customerId: row.customerId,
    name: row.actualName ? maskName(row.actualName) : phone,
    phone,
    since: row.since,
    source: row.source,
    policyCount: row.policyCount,
    liveCount: row.liveCount,
    lastOrderAt: row.lastOrderAt,
  };
}

/** The promoter area (docs/promoters.md "Promoter area"): a logged-in promoter's own sales and customers, masked. */
export function registerPromoterAreaRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const route = routesOf(app, deps);
  const page = (body: { pageNum?: number | undefined; pageSize?: number | undefined }) => {
    const pageSize = body.pageSize ?? PROMOTER_PAGE_SIZE;
    return { limit: pageSize, offset: ((body.pageNum ?? 1) - 1) * pageSize };
  };

  /** The caller when they are a promoter; anyone else gets 4003. */
  async function promoterOf(request: FastifyRequest): Promise<Promoter> {
    const user = currentUser(request);
    const promoter = { id: user.userId, userCode: user.userCode };
    if (!(await isPromoter(db, promoter))) throw forbidden('推广专区');
    return promoter;
  }

  /** One of the caller's customers; another's and an unknown id get the same 4003 (no oracle). */
  async function customerOf(promoter: Promoter, customerId: string): Promise<CustomerRow> {
    const customer = await findCustomer(db, { promoter, customerId });
    if (!customer) throw forbidden('客户');
    return customer;
  }

  function toRenewal(row: SaleRow, now: Date): PromoterRenewal {
    const manifest = deps.manifests.byProductCode(row.productCode);
    return {
      ...toSale(row),
      renewalLabel: renewalLabelOf(manifest),
      detailRoute: manifest?.routes[0] ?? '',
      daysLeft: shanghaiDayNumber(new Date(row.endEpoch * 1000)) - shanghaiDayNumber(now),
    };
  }

  route(promoterAreaCalls.achievements, async (request) => {
    const promoter = await promoterOf(request);
    const period = request.query.period;
    const buckets = bucketsOf(period, deps.now());
    const rows = await achievementFigures(db, { promoterId: promoter.id, buckets });
    const byIndex = new Map(rows.map((row) => [Number(row.index), row]));
    const answered = buckets.map((bucket, index) => {
      const row = byIndex.get(index);
      const premiumFen = Number(row?.premiumFen ?? 0);
      return {
        key: bucket.key,
        label: bucket.label,
        orders: Number(row?.orders ?? 0),
        premiumFen,
        netFen: premiumFen - Number(row?.reversedFen ?? 0),
        reversed: Number(row?.reversed ?? 0),
      };
    });
    const total = (pick: (b: (typeof answered)[number]) => number) => answered.reduce((n, b) => n + pick(b), 0);
    const figures = (orders: number, premiumFen: number, netFen: number, reversed: number) => ({
      orders,
      premium: fenToYuan(premiumFen),
      netPremium: fenToYuan(netFen),
      reversed,
    });
    const data: Achievements = {
      period,
      totals: figures(total((b) => b.orders), total((b) => b.premiumFen), total((b) => b.netFen), total((b) => b.reversed)),
      buckets: answered.map((b) => ({ key: b.key, label: b.label, ...figures(b.orders, b.premiumFen, b.netFen, b.reversed) })),
    };
    return ok(data);
  });

  route(promoterAreaCalls.achievementDetail, async (request) => {
    const promoter = await promoterOf(request);
    const bucket = bucketOfKey(request.body.period, request.body.key);
    if (!bucket) throw rejected('统计区间无效');
    const { rows, total } = await listSalesBetween(db, { promoterId: promoter.id, from: bucket.from, to: bucket.to, ...page(request.body) });
    return ok({ list: rows.map(toSale), total });
  });

  route(promoterAreaCalls.validList, async (request) => {
    const promoter = await promoterOf(request);
    const { rows, total } = await listValidSales(db, { promoterId: promoter.id, ...page(request.body) });
    return ok({ list: rows.map(toSale), total });
  });

  route(promoterAreaCalls.customers, async (request) => {
    const promoter = await promoterOf(request);
    const { rows, total } = await listCustomers(db, { promoter, keyword: request.body.keyword, ...page(request.body) });
    return ok({ list: rows.map(toCustomer), total });
  });

  route(promoterAreaCalls.customerDetail, async (request) => {
    const promoter = await promoterOf(request);
    const customer = await customerOf(promoter, request.params.customerId);
    const sales = await listCustomerSales(db, { promoter, customerUserId: customer.userId, limit: CUSTOMER_DETAIL_SALES });
    return ok({ customer: toCustomer(customer), idNo: customer.idNo ? maskIdNumber(customer.idNo) : '', sales: sales.map(toSale) });
  });

  route(promoterAreaCalls.renewals, async (request) => {
    const promoter = await promoterOf(request);
    const now = deps.now();
    const until = new Date(now.getTime() + PROMOTER_RENEWAL_WINDOW_DAYS * DAY_MS);
    const { rows, total } = await listRenewals(db, { promoter, now, until, ...page(request.body) });
    return ok({ list: rows.map((row) => toRenewal(row, now)), total, windowDays: PROMOTER_RENEWAL_WINDOW_DAYS });
  });

  route(promoterAreaCalls.renewalDetail, async (request) => {
    const promoter = await promoterOf(request);
    const row = await findVisibleSale(db, { promoter, applicationFormCode: request.params.applicationFormCode });
    if (!row) throw forbidden('续保');
    return ok(toRenewal(row, deps.now()));
  });

  route(promoterAreaCalls.rewards, async (request) => {
    const promoter = await promoterOf(request);
    const { rows, sums, total } = await rewardLedger(db, { promoterId: promoter.id, status: request.body.status, ...page(request.body) });
    const sumOf = (status: RewardStatus) => fenToYuan(sums.find((s) => s.status === status)?.amountFen ?? 0);
    return ok({
      summary: { pending: sumOf('pending'), confirmed: sumOf('confirmed'), paid: sumOf('paid'), clawedBack: sumOf('clawedBack') },
      list: rows.map((row) => ({
        id: row.applicationFormCode,
        applicationFormCode: row.applicationFormCode,
        productName: row.productName,
        holderName: maskName(row.holderName),
        premium: fenToYuan(row.premiumFen),
        rate: row.rateBp / 10_000,
        amount: fenToYuan(row.amountFen),
        status: row.status,
        statusName: REWARD_STATUS_NAMES[row.status],
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
      })),
      total,
    });
  });

  route(promoterAreaCalls.customerPush, async (request) => {
    const promoter = await promoterOf(request);
    const { customerId, kind, productCode, sms } = request.body;
    const customer = await customerOf(promoter, customerId);
    const manifest = requireManifest(deps.manifests, productCode);
    const now = deps.now();
    const { promoCode } = await ensurePromoterCodes(db, promoter.id, now);
    const query = `productCode=${encodeURIComponent(productCode)}&promoCode=${encodeURIComponent(promoCode)}`;
    const link = kind === 'renewal' ? `/#/insurerenew?${query}` : `/#${manifest.routes[0] ?? '/'}?${query}`;
    const title = shareTitle(manifest.productName);
    let smsSent = false;
    if (sms) {
      const day = shanghaiDay(now);
      const push = { promoterId: promoter.id, customerUserId: customer.userId, day };
      if (await recordPushSms(db, { ...push, kind, productCode, now })) {
        try {
          const values = { product: manifest.productName, link: `${deps.config.publicUrl ?? ''}${link}` };
          if (kind === 'renewal') await deps.sms.send(customer.phone, 'renewalReminder', values);
          else await deps.sms.send(customer.phone, 'customerPush', values);
          smsSent = true;
        } catch (error) {
          request.log.warn({ err: error }, 'customer push SMS failed');
          await forgetPushSms(db, push);
        }
      }
    }
    return ok({ link, title, smsSent });
  });
}
