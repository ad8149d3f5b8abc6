/**
 * Query options of the server data the screens show (TanStack Query v5): one
 * factory per call with a stable key, so two screens asking for the same data
 * share one cache entry and one request. Screens use them with `useQuery` /
 * `useInfiniteQuery`; code outside React (route loaders, the market flow)
 * with `queryClient.fetchQuery` / `ensureQueryData`.
 *
 * Every query function calls the API silently: the screen shows the failure
 * in its own error state (and the client would otherwise toast on every retry).
 *
 * Keys start with a group (`policies`, `ratings`, …) so that a mutation can
 * invalidate everything it changes with one `queryKeys.<group>` prefix.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { PolicyStatus } from '../../../contract/order.ts';
import type { RatingRecord } from '../../../contract/ratings.ts';
import { APPLICATION_STATUSES } from '../../../contract/policy-lifecycle.ts';
import type { BizType, CommentNode } from '../../../engine/ratings/ratings.ts';
import { ROOT_REGION_CODE } from '../../../engine/rules/regions.ts';
import type { SchoolSearchParams } from './info.ts';
import { earlyCatalogue, earlyMarkets, fetchMarketDetail, fetchProductManifest, handOverManifests, handOverMarkets, manifestKey } from './early-queries.ts';
import { MissingData, queryClient, STALE } from './query-client.ts';
import { RATING_PAGE_SIZE } from '../../../engine/ratings/ratings.ts';

/*
 * The api modules of other domains load with the first query that needs
 * them: the home route carries only the product calls (its size budget),
 * and each domain's declarations arrive in their own chunk.
 */
const endpoints = () => import('./endpoints.ts').then((m) => m.api);
const info = () => import('./info.ts').then((m) => m.infoApi);
const policies = () => import('./policy-api.ts').then((m) => m.policyApi);
const ratings = () => import('./ratings.ts').then((m) => m.ratingApi);

/** Catalogue-like data is kept for the page's life once loaded (it is small and changes with a deployment). */
const LONG_LIVED = { staleTime: STALE.catalogue, gcTime: Infinity } as const;

/** Spec §9: policy lists are paged by 15. */
export const POLICY_PAGE_SIZE = 15;

/** Key prefixes, for invalidation after a mutation. */
export const queryKeys = {
  catalogue: earlyCatalogue.queryKey,
  manifests: ['manifest'] as const,
  markets: ['markets'] as const,
  regions: ['regions'] as const,
  /** Everything of the user's policies: lists, counts, details, renewal lists. */
  policies: ['policies'] as const,
  ratings: ['ratings'] as const,
  /** Ratings of one product (statistics, lists, the caller's rating status). */
  productRatings: (productCode: string) => ['ratings', productCode] as const,
};

/** One page of a paged list, as the screens keep it. */
export interface Page<T> {
  list: T[];
  total: number;
}

export const queries = {
  /** The product list of home (prod-svc product/edu/list): home, detail-route resolution, search, notices, renew. */
  catalogue: () =>
    queryOptions({ queryKey: earlyCatalogue.queryKey, queryFn: earlyCatalogue.queryFn, ...LONG_LIVED }),

  /**
   * A product's manifest (attr/{code}/edu); null when the product does not exist (4004, HTTP 404). A request
   * a screen or a detail route's look-up sent before this module loaded is its first attempt (`earlyManifest`).
   */
  productManifest: (productCode: string) =>
    queryOptions({ queryKey: manifestKey(productCode), queryFn: () => fetchProductManifest(productCode), ...LONG_LIVED }),

  /** Every market, online and offline (queryIdByArea without an area). */
  markets: () =>
    queryOptions({ queryKey: earlyMarkets.queryKey, queryFn: earlyMarkets.queryFn, ...LONG_LIVED }),

  /**
   * One market with its products; fails with 保险超市不存在 for an unknown id. A request the market
   * home or market-start sent before this module loaded is its first attempt (`earlyMarket`).
   */
  market: (id: string) =>
    queryOptions({
      queryKey: [...queryKeys.markets, 'detail', id] as const,
      queryFn: () => fetchMarketDetail(id),
      ...LONG_LIVED,
    }),

  /** The insurers' information files of the market pages. */
  files: (type: 'insurer') =>
    queryOptions({
      queryKey: ['files', type],
      queryFn: async () => (await (await endpoints()).selectFile(type, { silent: true }))?.list ?? [],
      ...LONG_LIVED,
    }),

  /** A document of selectFileById, with the service desk of a market (or the default desk) when asked for. */
  richFile: (id: string, contact: { marketId?: string } | null) =>
    queryOptions({
      queryKey: ['files', 'doc', id, contact],
      queryFn: async () => {
        if (!id) throw new MissingData('缺少文件编号');
        const [file, desk] = await Promise.all([
          (await endpoints()).selectFileById(id, { silent: true }),
          contact ? (await endpoints()).tourContactPerson(contact, { silent: true }).catch(() => null) : Promise.resolve(null),
        ]);
        if (!file) throw new MissingData('文件不存在');
        return { file, contact: desk };
      },
      ...LONG_LIVED,
    }),

  /** Children of a region code (000000: the provinces), from getArea. */
  areaChildren: (code: string = ROOT_REGION_CODE) =>
    queryOptions({
      queryKey: [...queryKeys.regions, code],
      queryFn: async () => (await (await endpoints()).getArea(code, { silent: true })) ?? [],
      ...LONG_LIVED,
    }),

  /** Schools of an area matching a name (the school field's suggestions). */
  schoolSearch: (params: SchoolSearchParams) =>
    queryOptions({
      queryKey: ['schools', 'search', params],
      queryFn: async () => (await info()).searchSchools(params, { silent: true }),
      staleTime: STALE.ratings,
    }),

  /** Colleges of a university. */
  schoolColleges: (schoolId: number) =>
    queryOptions({
      queryKey: ['schools', 'colleges', schoolId],
      queryFn: async () => (await info()).schoolColleges(schoolId, { silent: true }),
      ...LONG_LIVED,
    }),

  // ------------------------------------------------------------ ratings

  /** A product's rating statistics (the detail page's summary). */
  ratingStats: (productCode: string) =>
    queryOptions({
      queryKey: [...queryKeys.productRatings(productCode), 'stats'],
      queryFn: async () => (await ratings()).stats(productCode, { silent: true }),
      staleTime: STALE.ratings,
    }),

  /** The first `ps` ratings of a node (the confirm page's widget). */
  ratingHead: (productCode: string, commentNode: CommentNode, ps: number) =>
    queryOptions({
      queryKey: [...queryKeys.productRatings(productCode), 'head', commentNode, ps],
      queryFn: async () => (await ratings()).list({ productCode, commentNode, pn: 1, ps }, { silent: true }),
      staleTime: STALE.ratings,
    }),

  /**
   * The rating list of /estimateList, 15 a page from page 1; finished when a
   * page returns fewer than 15 (spec §4).
   */
  ratingPages: (productCode: string, commentNode: CommentNode) =>
    infiniteQueryOptions({
      queryKey: [...queryKeys.productRatings(productCode), 'pages', commentNode],
      queryFn: async ({ pageParam }): Promise<RatingRecord[]> =>
        (await (await ratings()).list({ productCode, commentNode, pn: pageParam, ps: RATING_PAGE_SIZE }, { silent: true }))?.list ?? [],
      initialPageParam: 1,
      getNextPageParam: (last, _all, lastParam) => (last.length < RATING_PAGE_SIZE ? undefined : lastParam + 1),
      staleTime: STALE.ratings,
    }),

  /** A node's rating template (the rating popup). */
  ratingTemplate: (productCode: string, commentNode: CommentNode) =>
    queryOptions({
      queryKey: ['ratingTemplate', productCode, commentNode],
      queryFn: async () => (await ratings()).template(productCode, commentNode, { silent: true }),
      ...LONG_LIVED,
    }),

  /** Whether the caller has rated one business at a node. */
  ratingStatus: (productCode: string, node: CommentNode, bizType: BizType, bizNo: string) =>
    queryOptions({
      queryKey: [...queryKeys.productRatings(productCode), 'status', node, bizType, bizNo],
      queryFn: async () => Boolean((await (await ratings()).status(node, bizType, [bizNo], { silent: true }))?.rated.includes(bizNo)),
      staleTime: STALE.personal,
    }),

  // ------------------------------------------------------------ the user's policies

  /**
   * One tab of /policyList, paged by 15: applications not (yet) policies come
   * from searchWxbAppList, policies and 全部 from searchInsuranceList. More
   * pages while a page is full and fewer than `total` are shown.
   */
  policyPages: (status: PolicyStatus | undefined) =>
    infiniteQueryOptions({
      queryKey: [...queryKeys.policies, 'list', status ?? 'all'],
      queryFn: async ({ pageParam }) => {
        const body = { pageNum: pageParam, pageSize: POLICY_PAGE_SIZE, ...(status ? { status } : {}) };
        const data =
          status && APPLICATION_STATUSES.includes(status) ? await (await policies()).applications(body, { silent: true }) : await (await endpoints()).policyList(body, { silent: true });
        return { list: data?.list ?? [], total: data?.total ?? 0 };
      },
      initialPageParam: 1,
      getNextPageParam: (last, all, lastParam) =>
        last.list.length === POLICY_PAGE_SIZE && all.reduce((n, p) => n + p.list.length, 0) < last.total ? lastParam + 1 : undefined,
      staleTime: STALE.personal,
    }),

  /** The tab counts of /policyList. */
  policyCounts: () =>
    queryOptions({
      queryKey: [...queryKeys.policies, 'counts'],
      queryFn: async () => (await policies()).countByStatus({ silent: true }),
      staleTime: STALE.personal,
    }),

  /**
   * A policy's detail page: the application (fails with 保单不存在 when there
   * is none), its charge while unpaid and its liabilities once issued (those
   * two are optional: a failure leaves them out).
   */
  policyDetail: (applicationFormCode: string) =>
    queryOptions({
      queryKey: [...queryKeys.policies, 'detail', applicationFormCode],
      queryFn: async () => {
        const detail = await (await policies()).appDetail(applicationFormCode, { silent: true });
        if (!detail) throw new MissingData('保单不存在');
        const [charge, liability] = await Promise.all([
          detail.status === 'toBePaid' ? (await policies()).orderCharge(detail.orderCode, { silent: true }).catch(() => null) : null,
          detail.policyNo ? (await policies()).liability(detail.policyNo, { silent: true }).catch(() => null) : null,
        ]);
        return { detail, charge, liability };
      },
      staleTime: STALE.personal,
    }),

  /** /insureDetail: the application as filled in, with the insureds' extended data when available. */
  insureDetail: (applicationFormCode: string) =>
    queryOptions({
      queryKey: [...queryKeys.policies, 'insureDetail', applicationFormCode],
      queryFn: async () => {
        const [detail, extend] = await Promise.all([
          (await policies()).appDetail(applicationFormCode, { silent: true }),
          (await policies()).insuredExtend(applicationFormCode, { silent: true }).catch(() => null),
        ]);
        if (!detail) throw new MissingData('保单不存在');
        return { detail, extend };
      },
      staleTime: STALE.personal,
    }),

  /** An order (the payoff page's summary). */
  orderDetail: (orderCode: string) =>
    queryOptions({
      queryKey: [...queryKeys.policies, 'order', orderCode],
      queryFn: async () => (await (await endpoints()).orderDetail(orderCode, { silent: true })) ?? null,
      staleTime: STALE.personal,
    }),

  /** The renewal products (12 of them). */
  renewalProducts: () =>
    queryOptions({
      queryKey: ['renewalProducts'],
      queryFn: async () => (await policies()).renewalProducts({ silent: true }),
      ...LONG_LIVED,
    }),

  /** The caller's policies of one renewal product (up to 50). */
  renewalPolicies: (productCode: string) =>
    queryOptions({
      queryKey: [...queryKeys.policies, 'renewal', productCode],
      queryFn: async () => (await (await policies()).renewalList({ productCode, pageSize: 50 }, { silent: true }))?.list ?? [],
      staleTime: STALE.personal,
    }),

  /**
   * /cooperationList: the products of the caller's first 50 policies with the
   * manifests that name their insurers (through the manifest cache; a
   * manifest that fails is left out).
   */
  cooperation: () =>
    queryOptions({
      queryKey: [...queryKeys.policies, 'cooperation'],
      queryFn: async ({ client }) => {
        const policies = await (await endpoints()).policyList({ pageNum: 1, pageSize: 50 }, { silent: true });
        const codes = [...new Set((policies?.list ?? []).map((p) => p.productCode))];
        const manifests = await Promise.all(codes.map((code) => client.ensureQueryData(queries.productManifest(code)).catch(() => null)));
        return codes.flatMap((code, i) => {
          const manifest = manifests[i];
          return manifest ? [{ productCode: code, manifest }] : [];
        });
      },
      staleTime: STALE.personal,
    }),
};

/*
 * Home fetched the catalogue and the market list before this module loaded (early-queries.ts): they go
 * into the cache now, before any screen can read them, so no screen fetches them again.
 */
earlyCatalogue.handOver(queryClient, queries.catalogue());
earlyMarkets.handOver(queryClient, queries.markets());
handOverMarkets((query, id) => query.handOver(queryClient, queries.market(id)));
handOverManifests((query, productCode) => query.handOver(queryClient, queries.productManifest(productCode)));
