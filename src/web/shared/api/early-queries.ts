/**
 * The two answers home's first screen needs — the product catalogue and the
 * market list the market decision reads — fetched through the /_gw client
 * before TanStack Query is loaded (the query library is not part of
 * the home route; docs/performance.md, "TanStack Query after home").
 *
 * Each `EarlyQuery` is one value with its request, not a cache. When the query
 * module loads (`queries.ts`, with the first screen that needs it or when home
 * is idle), it takes over: the value, or the request still in flight, goes
 * into TanStack Query's cache under the same key (`handOver`), and from then
 * on the early query only mirrors that cache entry and loads through the
 * query client. So the screens reading `queries.catalogue()` /
 * `queries.markets()` find what home fetched and do not fetch it again, and
 * home reads the same entry on its next visits. A failed early request hands
 * over at once: TanStack Query then fetches with its retries, as before.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { EnsureQueryDataOptions, QueryClient, QueryState } from '@tanstack/react-query';
import type { MarketDetail, MarketSummary } from '../../../contract/market.ts';
import type { ProductListItem } from '../../../contract/product.ts';
import type { ProductManifest } from '../../../engine/manifest/manifest-types.generated.ts';
import { ErrorCode } from '../../../contract/envelope.ts';
import { ApiError, MissingData } from './client.ts';
import { marketApi } from './market-api.ts';
import type * as QueryModuleExports from './query-module.ts';
import { productApi } from './product-api.ts';
import { whenIdle } from '../../app/when-idle.ts';

/** What a screen renders of an early query: its data, its failure (after the retries), whether it is loading. */
export interface EarlySnapshot<T> {
  readonly data: T | undefined;
  readonly error: unknown;
  readonly pending: boolean;
}

type Key = readonly unknown[];

type QueryModule = typeof QueryModuleExports;
/** The query module once loaded. */
let queryModule: QueryModule | null = null;

/** The query module: TanStack Query, the page's client, the query options and the hooks the screens use. */
export const loadQueryModule = (): Promise<QueryModule> =>
  import('./query-module.ts').then((module) => {
    queryModule = module;
    return module;
  });

/** The query module if it has loaded (a component renders with it at once), else null. */
export const loadedQueryModule = (): QueryModule | null => queryModule;

export class EarlyQuery<T, K extends Key> {
  private snapshot: EarlySnapshot<T> = { data: undefined, error: null, pending: true };
  private updatedAt = 0;
  /** The early request not yet handed over, in flight or failed: the query client's first attempt. */
  private early: Promise<T> | null = null;
  private readonly listeners = new Set<() => void>();
  private cache: { client: QueryClient; options: EnsureQueryDataOptions<T, Error, T, K> } | null = null;

  constructor(
    readonly queryKey: K,
    readonly queryFn: () => Promise<T>,
  ) {}

  /** The data: fetched once (joining a request in flight), through the query client once it has taken over. */
  load(): Promise<T> {
    if (this.cache) return this.cache.client.ensureQueryData(this.cache.options);
    if (this.snapshot.data !== undefined) return Promise.resolve(this.snapshot.data);
    this.early ??= this.send();
    // A failure is TanStack Query's to retry (QUERY_RETRIES): the query module loads and takes it over.
    return this.early.catch(async (error: unknown) => {
      await loadQueryModule();
      if (!this.cache) throw error;
      return this.load();
    });
  }

  /**
   * Takes a request sent another way (a detail route's look-up answers its product's manifest) as this
   * query's answer, unless it has one or a request of its own; handed over, the answer goes into the cache.
   */
  adopt(request: Promise<T>): void {
    if (this.cache) {
      const { client } = this.cache;
      request.then((data) => client.setQueryData(this.queryKey, data as never), () => undefined);
    } else if (this.snapshot.data === undefined && !this.early) {
      this.early = this.track(request);
    }
  }

  private send(): Promise<T> {
    return this.track(this.queryFn());
  }

  /** Follows an early request: its answer becomes the value, unless handed over or replaced meanwhile. */
  private track(request: Promise<T>): Promise<T> {
    request.then(
      (data) => {
        if (this.cache || this.early !== request) return;
        this.early = null;
        this.updatedAt = Date.now();
        this.set({ data, error: null, pending: false });
      },
      () => undefined,
    );
    return request;
  }

  /**
   * Called by queries.ts when it loads: the data (or the early request, in flight or failed) goes into
   * the query cache under this key, and this value follows that cache entry from now on.
   */
  handOver(client: QueryClient, options: EnsureQueryDataOptions<T, Error, T, K>): void {
    if (this.cache) return;
    this.cache = { client, options };
    const cache = client.getQueryCache();
    const early = this.early;
    this.early = null;
    if (this.snapshot.data !== undefined && client.getQueryData(this.queryKey) === undefined) {
      client.setQueryData(this.queryKey, this.snapshot.data as never, { updatedAt: this.updatedAt });
    } else if (early) {
      // The early request is the first attempt (its failure counts as one); a retry fetches anew.
      let first = true;
      void client.prefetchQuery({
        ...options,
        queryFn: () => {
          if (!first) return this.queryFn();
          first = false;
          return early;
        },
      });
    }
    const { queryHash } = cache.build(client, options);
    const follow = () => {
      const query = cache.find<T>({ queryKey: this.queryKey, exact: true });
      this.set(query ? fromState(query.state) : { data: undefined, error: null, pending: true });
    };
    cache.subscribe((event) => {
      if (event.query.queryHash === queryHash) follow();
    });
    follow();
  }

  /** On a screen's mount: start the request, or (handed over) fetch again when the cached value is stale, as `useQuery` does. */
  refresh(): void {
    if (this.cache) void this.cache.client.prefetchQuery(this.cache.options);
    else void this.load().catch(() => undefined);
  }

  /** 重试 of the error state: forgets the failed query and fetches it again (the screen shows its loading state meanwhile). */
  retry(): void {
    void loadQueryModule().then(async () => {
      const cache = this.cache;
      if (!cache) return;
      await cache.client.resetQueries({ queryKey: this.queryKey, exact: true });
      await cache.client.prefetchQuery(cache.options);
    });
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): EarlySnapshot<T> => this.snapshot;

  private set(next: EarlySnapshot<T>): void {
    const now = this.snapshot;
    if (now.data === next.data && now.error === next.error && now.pending === next.pending) return;
    this.snapshot = next;
    this.listeners.forEach((listener) => listener());
  }
}

/** A cache entry's state as a screen renders it: no error while a retry is running, loading while there is no data yet. */
function fromState<T>(state: QueryState<T, Error>): EarlySnapshot<T> {
  const fetching = state.fetchStatus === 'fetching';
  return {
    data: state.data,
    error: state.status === 'error' && !fetching && state.data === undefined ? state.error : null,
    pending: state.data === undefined && (fetching || state.status === 'pending'),
  };
}

/** An early query in a component: its snapshot, started (or refreshed when stale) on mount unless not `enabled`. */
export function useEarlyQuery<T, K extends Key>(query: EarlyQuery<T, K>, enabled = true): EarlySnapshot<T> {
  const snapshot = useSyncExternalStore(query.subscribe, query.getSnapshot, query.getSnapshot);
  useEffect(() => {
    if (enabled) query.refresh();
  }, [query, enabled]);
  return snapshot;
}

/** The product list of home (prod-svc product/edu/list): home, detail-route resolution, search, notices, renew. */
export const earlyCatalogue = new EarlyQuery(
  ['catalogue'] as const,
  async (): Promise<readonly ProductListItem[]> => (await productApi.productList({ silent: true }))?.list ?? [],
);

/** Every market, online and offline (queryIdByArea without an area): the market decision's input. */
export const earlyMarkets = new EarlyQuery(
  ['markets', 'list'] as const,
  async (): Promise<readonly MarketSummary[]> => (await marketApi.queryIdByArea(undefined, { silent: true }))?.list ?? [],
);

/**
 * Early queries of one kind, one per id (a market, a product), created on first use. When the query module
 * loads it takes over every one of them, and each one created later at once (`handOver`).
 */
class EarlyQueries<T, K extends Key> {
  private readonly members = new Map<string, EarlyQuery<T, K>>();
  private handOverOne: ((query: EarlyQuery<T, K>, id: string) => void) | null = null;

  constructor(
    private readonly keyOf: (id: string) => K,
    private readonly fetch: (id: string) => Promise<T>,
  ) {}

  get(id: string): EarlyQuery<T, K> {
    let query = this.members.get(id);
    if (!query) {
      query = new EarlyQuery(this.keyOf(id), () => this.fetch(id));
      this.members.set(id, query);
      this.handOverOne?.(query, id);
    }
    return query;
  }

  handOver(handOver: (query: EarlyQuery<T, K>, id: string) => void): void {
    this.handOverOne = handOver;
    this.members.forEach(handOver);
  }
}

/** The query key of a product's manifest: `queries.productManifest`'s, and its early query's. */
export const manifestKey = (productCode: string) => ['manifest', productCode] as const;
type ManifestKey = ReturnType<typeof manifestKey>;

/** A product's manifest (attr/{code}/edu); null when the product does not exist (4004, HTTP 404). */
export async function fetchProductManifest(productCode: string): Promise<ProductManifest | null> {
  try {
    return (await productApi.productManifest(productCode, { silent: true })) ?? null;
  } catch (error) {
    if (error instanceof ApiError && (error.code === ErrorCode.NotFound || error.code === 'HTTP_404')) return null;
    throw error;
  }
}

const manifestQueries = new EarlyQueries(manifestKey, fetchProductManifest);

/**
 * A product's manifest as an early query: the detail page (and every screen that reads a manifest,
 * features/insure/components/use-product-manifest.ts) renders without waiting for the query library, which a detail page
 * opened by its link then loads only when idle (docs/performance.md, "TanStack Query after home"). `queries.productManifest`
 * takes it over when the query module loads (`handOverManifests`).
 */
export const earlyManifest = (productCode: string): EarlyQuery<ProductManifest | null, ManifestKey> => manifestQueries.get(productCode);

/** Called by queries.ts when it loads: every manifest early query, now and later, goes into the query cache. */
export const handOverManifests = (handOver: (query: EarlyQuery<ProductManifest | null, ManifestKey>, productCode: string) => void): void =>
  manifestQueries.handOver(handOver);

/**
 * Requests a product's manifest now (a detail route whose product the catalogue just named), in parallel
 * with the detail screen's chunk rather than after it; the screen's early query is that request.
 */
export function sendProductManifest(productCode: string): Promise<ProductManifest | null> {
  return earlyManifest(productCode).load();
}

/** A product's manifest fetched another way (a detail route's look-up, app/detail-route-look-up.ts): the screen's answer. */
export function adoptProductManifest(productCode: string, request: Promise<ProductManifest>): void {
  earlyManifest(productCode).adopt(request);
}

type MarketKey = readonly ['markets', 'detail', string];

/** One market with its products (selectSupermarket); fails with 保险超市不存在 for an unknown id. */
export const fetchMarketDetail = async (id: string): Promise<MarketDetail> => {
  const data = await marketApi.selectSupermarket(id, { silent: true });
  if (!data) throw new MissingData('保险超市不存在');
  return data;
};

const marketQueries = new EarlyQueries((id: string): MarketKey => ['markets', 'detail', id] as const, fetchMarketDetail);

/**
 * A market's detail as an early query: the market home renders its first screen (and the banner,
 * home's largest paint after the redirect) without waiting for the query library, and market-start.ts
 * sends the request as soon as the decision is known. `queries.market(id)` takes it over when the
 * query module loads (`handOverMarkets`); one created after that follows the cache at once.
 */
export const earlyMarket = (id: string): EarlyQuery<MarketDetail, MarketKey> => marketQueries.get(id);

/** Called by queries.ts when it loads: every market early query, now and later, goes into the query cache. */
export const handOverMarkets = (handOver: (query: EarlyQuery<MarketDetail, MarketKey>, id: string) => void): void => marketQueries.handOver(handOver);

/**
 * Loads the query module once home has rendered and the page is idle, so that the next screen
 * does not wait for it (and the catalogue home fetched is in the cache when it opens).
 */
export function loadQueryModuleWhenIdle(): void {
  if (typeof window === 'undefined') return;
  const load = () => void loadQueryModule().catch(() => undefined);
  if (document.readyState === 'complete') whenIdle(load);
  else window.addEventListener('load', () => whenIdle(load), { once: true });
}
