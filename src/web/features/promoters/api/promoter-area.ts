/**
 * The promoter area's calls (src/contract/promoter-area.ts) and their query
 * options, in the shape of queries.ts: one function per call, one factory per
 * screen's data with a stable key under `promoterAreaKeys.all`, lists paged
 * by PROMOTER_PAGE_SIZE. Every query calls silently: the screens show their
 * own error states (4003 as 仅推广人员可访问, see isNotPromoter).
 *
 * Loaded only by the promoter screens and /renewalList, so the home route
 * carries none of it.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ErrorCode } from '../../../../contract/envelope.ts';
import {
  PROMOTER_PAGE_SIZE,
  promoterAreaCalls,
  type AchievementPeriod,
  type CustomerPushBody,
  type PromoterSale,
  type RewardStatus,
} from '../../../../contract/promoter-area.ts';
import { ApiError, call, type CallOptions } from '../../../shared/api/client.ts';
import { queries } from '../../../shared/api/queries.ts';
import { STALE } from '../../../shared/api/query-client.ts';

type Silent = Pick<CallOptions, 'silent'>;

export { PROMOTER_PAGE_SIZE } from '../../../../contract/promoter-area.ts';

/** One function per call of the promoter area. */
export const promoterAreaApi = {
  achievements: (period: AchievementPeriod, o?: Silent) =>
    call(promoterAreaCalls.achievements, { query: { period } }, { thing: '业绩', ...o }),
  achievementDetail: (period: AchievementPeriod, key: string, pageNum: number, o?: Silent) =>
    call(promoterAreaCalls.achievementDetail, { body: { period, key, pageNum, pageSize: PROMOTER_PAGE_SIZE } }, { thing: '业绩明细', ...o }),
  validList: (pageNum: number, o?: Silent) =>
    call(promoterAreaCalls.validList, { body: { pageNum, pageSize: PROMOTER_PAGE_SIZE } }, { thing: '有效保单', ...o }),
  customers: (pageNum: number, keyword: string | undefined, o?: Silent) =>
    call(
      promoterAreaCalls.customers,
      { body: { pageNum, pageSize: PROMOTER_PAGE_SIZE, ...(keyword ? { keyword } : {}) } },
      { thing: '客户', ...o },
    ),
  customerDetail: (customerId: string, o?: Silent) =>
    call(promoterAreaCalls.customerDetail, { params: { customerId } }, { thing: '客户信息', ...o }),
  renewals: (pageNum: number, o?: Silent) =>
    call(promoterAreaCalls.renewals, { body: { pageNum, pageSize: PROMOTER_PAGE_SIZE } }, { thing: '客户续保', ...o }),
  renewalDetail: (applicationFormCode: string, o?: Silent) =>
    call(promoterAreaCalls.renewalDetail, { params: { applicationFormCode } }, { thing: '续保信息', ...o }),
  rewards: (pageNum: number, status: RewardStatus | undefined, o?: Silent) =>
    call(
      promoterAreaCalls.rewards,
      { body: { pageNum, pageSize: PROMOTER_PAGE_SIZE, ...(status ? { status } : {}) } },
      { thing: '推广奖励', ...o },
    ),
  /** Not silent by default: a refusal (the daily SMS limit, a product not on sale) is toasted. */
  customerPush: (body: CustomerPushBody, o?: Silent) => call(promoterAreaCalls.customerPush, { body }, { thing: '推送链接', ...o }),
};

/** Whether a failure is the server's 4003: the caller is not a promoter (or the record is another promoter's). */
export function isNotPromoter(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.Forbidden;
}

/** Key prefixes of the promoter area. */
export const promoterAreaKeys = {
  all: ['promoter-area'] as const,
  customers: ['promoter-area', 'customers'] as const,
};

/** A page of a promoter list. */
export interface PromoterPage<T> {
  list: T[];
  total: number;
}

/**
 * The next page number: after a full page while fewer than `total` rows are
 * loaded; never after a page shorter than PROMOTER_PAGE_SIZE.
 */
export function nextPromoterPage(last: PromoterPage<unknown>, all: readonly PromoterPage<unknown>[], lastParam: number): number | undefined {
  const loaded = all.reduce((n, page) => n + page.list.length, 0);
  return last.list.length >= PROMOTER_PAGE_SIZE && loaded < last.total ? lastParam + 1 : undefined;
}

const PAGED = { initialPageParam: 1, getNextPageParam: nextPromoterPage, staleTime: STALE.personal } as const;

const silent = { silent: true } as const;

/** A sale's product, as the push choices show it. */
export interface PushProduct {
  productCode: string;
  productName: string;
}

/** The customer's sales newest first. */
export function newestFirst(sales: readonly PromoterSale[]): PromoterSale[] {
  return [...sales].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The distinct products of the sales, the latest policy's first. */
export function productsOf(sales: readonly PromoterSale[]): PushProduct[] {
  const seen = new Set<string>();
  return newestFirst(sales).flatMap((s) => {
    if (seen.has(s.productCode)) return [];
    seen.add(s.productCode);
    return [{ productCode: s.productCode, productName: s.productName }];
  });
}

/** Query options of the promoter screens. */
export const promoterAreaQueries = {
  /** /myAchievement: totals and buckets of one period. */
  achievements: (period: AchievementPeriod) =>
    queryOptions({
      queryKey: [...promoterAreaKeys.all, 'achievements', period],
      queryFn: () => promoterAreaApi.achievements(period, silent),
      staleTime: STALE.personal,
    }),

  /** /achievementDetail: the sales of one bucket. */
  achievementPages: (period: AchievementPeriod, key: string) =>
    infiniteQueryOptions({
      queryKey: [...promoterAreaKeys.all, 'achievementDetail', period, key],
      queryFn: ({ pageParam }) => promoterAreaApi.achievementDetail(period, key, pageParam, silent),
      ...PAGED,
    }),

  /** /validList. */
  validPages: () =>
    infiniteQueryOptions({
      queryKey: [...promoterAreaKeys.all, 'validList'],
      queryFn: ({ pageParam }) => promoterAreaApi.validList(pageParam, silent),
      ...PAGED,
    }),

  /** /customerList, optionally filtered by a keyword (masked name or last 4 phone digits). */
  customerPages: (keyword: string) =>
    infiniteQueryOptions({
      queryKey: [...promoterAreaKeys.customers, 'list', keyword],
      queryFn: ({ pageParam }) => promoterAreaApi.customers(pageParam, keyword || undefined, silent),
      ...PAGED,
    }),

  /** /customerDetail. */
  customerDetail: (customerId: string) =>
    queryOptions({
      queryKey: [...promoterAreaKeys.customers, 'detail', customerId],
      queryFn: () => promoterAreaApi.customerDetail(customerId, silent),
      staleTime: STALE.personal,
    }),

  /**
   * What 推送产品 offers a customer: their products, the latest policy's
   * first (`own`), or the catalogue when they have no policy yet (a customer
   * bound through a link). Through the detail and catalogue caches.
   */
  pushProducts: (customerId: string) =>
    queryOptions({
      queryKey: [...promoterAreaKeys.customers, 'pushProducts', customerId],
      queryFn: async ({ client }): Promise<{ own: boolean; list: PushProduct[] }> => {
        const detail = await client.ensureQueryData(promoterAreaQueries.customerDetail(customerId));
        const own = productsOf(detail.sales);
        if (own.length > 0) return { own: true, list: own };
        const catalogue = await client.ensureQueryData(queries.catalogue());
        return { own: false, list: catalogue.map((p) => ({ productCode: p.productCode, productName: p.productName })) };
      },
      staleTime: STALE.personal,
    }),

  /** 客户续保 of /renewalList. */
  renewalPages: () =>
    infiniteQueryOptions({
      queryKey: [...promoterAreaKeys.all, 'renewals'],
      queryFn: ({ pageParam }) => promoterAreaApi.renewals(pageParam, silent),
      ...PAGED,
    }),

  /** /renewalDetail. */
  renewalDetail: (applicationFormCode: string) =>
    queryOptions({
      queryKey: [...promoterAreaKeys.all, 'renewalDetail', applicationFormCode],
      queryFn: () => promoterAreaApi.renewalDetail(applicationFormCode, silent),
      staleTime: STALE.personal,
    }),

  /** /rewardDetail: the ledger of one status (all without), each page carrying the summary. */
  rewardPages: (status: RewardStatus | undefined) =>
    infiniteQueryOptions({
      queryKey: [...promoterAreaKeys.all, 'rewards', status ?? 'all'],
      queryFn: ({ pageParam }) => promoterAreaApi.rewards(pageParam, status, silent),
      ...PAGED,
    }),

  /** Whether the logged-in user is a promoter (account summary), for /renewalList's 客户续保 switch. */
  isPromoter: (userCode: string) =>
    queryOptions({
      queryKey: ['account', 'summary', userCode],
      queryFn: async () => (await (await import('../../../shared/api/account-summary.ts')).accountSummary(userCode, silent)).isPromoter,
      staleTime: STALE.personal,
    }),
};
