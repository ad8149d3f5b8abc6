import type { MarketDetail, MarketSummary } from '../../contract/market.ts';
import { api } from './endpoints.ts';

/**
 * The market list (every market, online and offline) and each market's
 * detail, fetched once per page load; a failed fetch is forgotten so the next
 * caller retries.
 */
let list: readonly MarketSummary[] | null = null;
let listPending: Promise<readonly MarketSummary[]> | null = null;
const details = new Map<string, Promise<MarketDetail>>();

export function loadMarkets(): Promise<readonly MarketSummary[]> {
  if (list) return Promise.resolve(list);
  listPending ??= api
    .queryIdByArea(undefined, { silent: true })
    .then((data) => {
      list = data?.list ?? [];
      return list;
    })
    .finally(() => {
      listPending = null;
    });
  return listPending;
}

/** One market with its products; rejects with the server's message (保险超市不存在) for an unknown id. */
export function loadMarket(id: string): Promise<MarketDetail> {
  let pending = details.get(id);
  if (!pending) {
    pending = api.selectSupermarket(id, { silent: true }).then((data) => {
      if (!data) throw new Error('保险超市不存在');
      return data;
    });
    pending.catch(() => details.delete(id));
    details.set(id, pending);
  }
  return pending;
}
