import type { MarketDetail, MarketSummary } from '../../contract/market.ts';
import { queries } from './queries.ts';
import { queryClient } from './query-client.ts';

/**
 * The market list (every market, online and offline) and each market's
 * detail, kept in the query cache (`queries.markets`, `queries.market`); a
 * failed fetch is not kept, so the next caller retries.
 */
export function loadMarkets(): Promise<readonly MarketSummary[]> {
  return queryClient.ensureQueryData(queries.markets());
}

/** One market with its products; rejects with the server's message (保险超市不存在) for an unknown id. */
export function loadMarket(id: string): Promise<MarketDetail> {
  return queryClient.ensureQueryData(queries.market(id));
}
