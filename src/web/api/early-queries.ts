/**
 * The two answers home's first screen needs — the product catalogue and the
 * market list the market decision reads — fetched through the /_gw client
 * before TanStack Query is loaded (issue 15: the query library is not part of
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
import type { MarketDetail, MarketSummary } from '../../contract/market.ts';
import type { ProductListItem } from '../../contract/product.ts';
import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import { MissingData } from './client.ts';
import { marketApi } from './market-api.ts';
import type * as QueryModuleExports from './query-module.ts';
import { productApi } from './product-api.ts';
import { whenIdle } from '../app/when-idle.ts';

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

  private send(): Promise<T> {
    const request = this.queryFn();
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

/** An early query in a component: its snapshot, started (or refreshed when stale) on mount. */
export function useEarlyQuery<T, K extends Key>(query: EarlyQuery<T, K>): EarlySnapshot<T> {
  const snapshot = useSyncExternalStore(query.subscribe, query.getSnapshot, query.getSnapshot);
  useEffect(() => query.refresh(), [query]);
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
 * Requests sent before the query module loaded, one per key, each taken once by its query's first fetch:
 * when the module loads, `throughCache` (the query's `fetchQuery`) has the query cache take the answer,
 * and the screen's own query joins it. Not taken (the cache had the data already): not kept for a later
 * fetch. Once the module is there, a send is that `fetchQuery` (no second request for cached data).
 */
class SentRequests<T> {
  private readonly sent = new Map<string, Promise<T>>();

  constructor(private readonly throughCache: (module: QueryModule, key: string) => Promise<T>) {}

  send(key: string, request: () => Promise<T>): Promise<T> {
    if (queryModule) return this.throughCache(queryModule, key);
    const sent = request();
    sent.catch(() => undefined);
    this.sent.set(key, sent);
    void loadQueryModule()
      .then((module) => this.throughCache(module, key))
      .catch(() => undefined)
      .finally(() => {
        if (this.sent.get(key) === sent) this.sent.delete(key);
      });
    return sent;
  }

  take(key: string): Promise<T> | undefined {
    const sent = this.sent.get(key);
    this.sent.delete(key);
    return sent;
  }
}

const sentManifests = new SentRequests<ProductManifest | null>(({ queryClient, queries }, code) => queryClient.fetchQuery(queries.productManifest(code)));

/**
 * Requests a product's manifest now (a detail route whose product the catalogue just named), in parallel
 * with the detail screen's chunk rather than after it; `queries.productManifest`'s first fetch takes it.
 */
export function sendProductManifest(productCode: string): Promise<ProductManifest | null> {
  return sentManifests.send(productCode, () => productApi.productManifest(productCode, { silent: true }));
}

/**
 * A product's manifest fetched another way (a detail route's look-up, app/detail-route-look-up.ts): it goes
 * where the screen's `queries.productManifest` finds it (before the query module loads: its first fetch
 * takes it; after: straight into the cache), so the screen does not ask for it again.
 */
export function adoptProductManifest(productCode: string, request: Promise<ProductManifest>): void {
  if (queryModule) request.then((manifest) => queryModule?.queryClient.setQueryData(queryModule.queries.productManifest(productCode).queryKey, manifest), () => undefined);
  else sentManifests.send(productCode, () => request);
}

/** The request `sendProductManifest` sent for a product, once. */
export function takeSentProductManifest(productCode: string): Promise<ProductManifest | null> | undefined {
  return sentManifests.take(productCode);
}

type MarketKey = readonly ['markets', 'detail', string];

/** One market with its products (selectSupermarket); fails with 保险超市不存在 for an unknown id. */
export const fetchMarketDetail = async (id: string): Promise<MarketDetail> => {
  const data = await marketApi.selectSupermarket(id, { silent: true });
  if (!data) throw new MissingData('保险超市不存在');
  return data;
};

const marketQueries = new Map<string, EarlyQuery<MarketDetail, MarketKey>>();
let marketHandOver: ((query: EarlyQuery<MarketDetail, MarketKey>, id: string) => void) | null = null;

/**
 * A market's detail as an early query: the market home renders its first screen (and the banner,
 * home's largest paint after the redirect) without waiting for the query library, and market-start.ts
 * sends the request as soon as the decision is known. `queries.market(id)` takes it over when the
 * query module loads (`handOverMarkets`); one created after that follows the cache at once.
 */
export function earlyMarket(id: string): EarlyQuery<MarketDetail, MarketKey> {
  let query = marketQueries.get(id);
  if (!query) {
    query = new EarlyQuery(['markets', 'detail', id] as const, () => fetchMarketDetail(id));
    marketQueries.set(id, query);
    marketHandOver?.(query, id);
  }
  return query;
}

/** Called by queries.ts when it loads: every market early query, now and later, goes into the query cache. */
export function handOverMarkets(handOver: (query: EarlyQuery<MarketDetail, MarketKey>, id: string) => void): void {
  marketHandOver = handOver;
  marketQueries.forEach(handOver);
}

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
