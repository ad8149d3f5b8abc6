import { readJson, STORAGE_KEYS, writeJson } from '../../../shared/state/storage.ts';

/**
 * What the market page model remembers about the visitor (spec §4 Market
 * page): the current market and whether the selection ran before on this
 * device ("already initialised"). Local storage, so it outlives the session.
 */
export interface MarketChoice {
  current: string | null;
  inited: boolean;
}

export function readMarketChoice(): MarketChoice {
  const saved = readJson<Partial<MarketChoice>>(STORAGE_KEYS.marketChoice);
  return {
    current: typeof saved?.current === 'string' ? saved.current : null,
    inited: saved?.inited === true,
  };
}

/** Merges `change` into the stored choice. */
export function saveMarketChoice(change: Partial<MarketChoice>): MarketChoice {
  const next = { ...readMarketChoice(), ...change };
  writeJson(STORAGE_KEYS.marketChoice, next);
  return next;
}
