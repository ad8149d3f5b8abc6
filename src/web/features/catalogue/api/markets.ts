import type { MarketSummary } from '../../../../contract/market.ts';
import { earlyMarkets } from '../../../shared/api/early-queries.ts';

/**
 * The market list (every market, online and offline), kept in the query
 * cache (`queries.markets`); a failed fetch is not kept, so the next caller
 * retries. The market decision reads it at home's first moment, before the
 * query library is loaded (early-queries.ts).
 */
export function loadMarkets(): Promise<readonly MarketSummary[]> {
  return earlyMarkets.load();
}
