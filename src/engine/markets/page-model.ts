/**
 * The market page model of spec §3/§4 as a pure function of the visitor's
 * location, the markets and the online status (plus what the visitor chose
 * before). The spec gives the five models, the four switches and three rules
 * (several markets → chooser; one → straight there, asking 您所在地区还有其他保险超市，是否前往？
 * when already initialised; a selected market gone offline → 您选择的保险超市已下线，是否前往其他超市或重新选择？);
 * the rest of the rule is ours and is written out in docs/markets.md.
 *
 * Web-safe: imports only the code-level region helpers.
 */
import { regionDepth, regionWithin } from '../rules/regions.ts';

/** Spec §3 enumeration "Page model". */
export type PageModelName = 'UN_INITED' | 'ONLY_MARKET' | 'GLOBAL_MARKET' | 'OFF_NET_MARKET' | 'normal';

/** Spec §3: market, location, net and line each on or off. */
export interface PageSwitches {
  /** A market applies to this visitor (one or several). */
  market: boolean;
  /** The place came from the device (geolocation), not the default domain. */
  location: boolean;
  /** The browser is online. */
  net: boolean;
  /** The market the visitor had chosen is still online (true when none was chosen). */
  line: boolean;
}

/** What the page model needs to know of a market. */
export interface MarketSummary {
  id: string;
  name: string;
  status: 'online' | 'offline';
  areas: readonly string[];
  homeRoute: string;
}

export type LocationState =
  | { status: 'pending' }
  | { status: 'located'; areaCode: string; source: 'device' | 'default' };

export interface PageModelInput {
  location: LocationState;
  /** Every market (online and offline), or null while they load. */
  markets: readonly MarketSummary[] | null;
  /** navigator.onLine. */
  online: boolean;
  /** The market the visitor chose or was sent to before (stored), if any. */
  current: string | null;
  /** The visitor has been through the market selection before on this device. */
  inited: boolean;
}

/** One outcome: where to go, and what becomes the current market (undefined: unchanged, null: cleared). */
export interface MarketStep {
  go: { to: 'market'; market: MarketSummary } | { to: 'chooser'; markets: readonly MarketSummary[] } | { to: 'stay' };
  setCurrent?: string | null;
}

export type MarketDecision =
  | { kind: 'wait' }
  | { kind: 'offline' }
  | { kind: 'step'; step: MarketStep }
  | { kind: 'ask'; message: string; confirm: MarketStep; cancel: MarketStep };

export interface PageModel {
  model: PageModelName;
  switches: PageSwitches;
  /** Online markets serving the place, the most specific area first. */
  found: readonly MarketSummary[];
  decision: MarketDecision;
}

/** Spec §4 dialog when other markets serve the visitor's place. */
export const OTHER_MARKET_MESSAGE = '您所在地区还有其他保险超市，是否前往？';
/** Spec §4 dialog when the chosen market has gone offline. */
export const MARKET_OFFLINE_MESSAGE = '您选择的保险超市已下线，是否前往其他超市或重新选择？';

/** How specifically a market serves a place: 3 county, 2 city, 1 province, 0 not at all. */
export function marketMatch(market: MarketSummary, areaCode: string): number {
  let best = 0;
  for (const area of market.areas) if (regionWithin(areaCode, area)) best = Math.max(best, regionDepth(area));
  return best;
}

/** Online markets serving `areaCode`, the most specific area first, then in the given order. */
export function marketsFor<M extends MarketSummary>(markets: readonly M[], areaCode: string): M[] {
  return markets
    .map((market, order) => ({ market, order, match: market.status === 'online' ? marketMatch(market, areaCode) : 0 }))
    .filter((m) => m.match > 0)
    .sort((a, b) => b.match - a.match || a.order - b.order)
    .map((m) => m.market);
}

const go = (market: MarketSummary): MarketStep => ({ go: { to: 'market', market }, setCurrent: market.id });
const chooser = (markets: readonly MarketSummary[]): MarketStep => ({ go: { to: 'chooser', markets } });
const stay = (setCurrent?: string | null): MarketStep => (setCurrent === undefined ? { go: { to: 'stay' } } : { go: { to: 'stay' }, setCurrent });

/**
 * The page model and what the home page does about it. Order of the rules:
 * offline browser → OFF_NET_MARKET; place or markets not known yet →
 * UN_INITED; then from the markets serving the place (`found`) and the
 * visitor's current market:
 * - current market gone offline (or removed): ask 您选择的保险超市已下线…;
 *   confirm goes to the one market found, or the chooser of those found (of
 *   every online market when none serves the place); cancel clears the choice
 *   and stays;
 * - none found: the current market when there is one (ONLY_MARKET), else the
 *   plain catalogue (normal);
 * - one found: straight there (ONLY_MARKET); but when initialised with another
 *   current market, ask 您所在地区还有其他保险超市… — confirm goes there, cancel
 *   only sets it as the current market;
 * - several found (GLOBAL_MARKET): the current market when it is among them,
 *   else the chooser; initialised with a current market elsewhere, ask first —
 *   confirm opens the chooser, cancel keeps the current market.
 */
export function pageModel(input: PageModelInput): PageModel {
  const { location, markets, online, current, inited } = input;
  const switches: PageSwitches = {
    market: false,
    location: location.status === 'located' && location.source === 'device',
    net: online,
    line: true,
  };
  if (!online) return { model: 'OFF_NET_MARKET', switches, found: [], decision: { kind: 'offline' } };
  if (location.status === 'pending' || markets === null) return { model: 'UN_INITED', switches, found: [], decision: { kind: 'wait' } };

  const found = marketsFor(markets, location.areaCode);
  const selected = current === null ? undefined : markets.find((m) => m.id === current);
  const live = selected?.status === 'online' ? selected : undefined;
  switches.line = current === null || live !== undefined;
  switches.market = found.length > 0 || live !== undefined;
  const model: PageModelName = found.length > 1 ? 'GLOBAL_MARKET' : found.length === 1 || live ? 'ONLY_MARKET' : 'normal';
  const result = (decision: MarketDecision): PageModel => ({ model, switches, found, decision });

  if (current !== null && !live) {
    const others = found.length > 0 ? found : markets.filter((m) => m.status === 'online');
    const confirm = found.length === 1 ? go(found[0]!) : { ...chooser(others), setCurrent: null };
    return result({ kind: 'ask', message: MARKET_OFFLINE_MESSAGE, confirm, cancel: stay(null) });
  }
  if (found.length === 0) return result({ kind: 'step', step: live ? go(live) : stay() });
  if (live && found.some((m) => m.id === live.id)) return result({ kind: 'step', step: go(live) });
  const elsewhere = inited && live !== undefined;
  if (found.length === 1) {
    const only = found[0]!;
    return elsewhere
      ? result({ kind: 'ask', message: OTHER_MARKET_MESSAGE, confirm: go(only), cancel: stay(only.id) })
      : result({ kind: 'step', step: go(only) });
  }
  return elsewhere
    ? result({ kind: 'ask', message: OTHER_MARKET_MESSAGE, confirm: chooser(found), cancel: go(live) })
    : result({ kind: 'step', step: chooser(found) });
}
