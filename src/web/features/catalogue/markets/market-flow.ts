/**
 * Runs the market page model of spec §4 in the browser: gathers its inputs
 * (place, markets, online status, the stored choice), asks the engine's pure
 * `pageModel`, and carries out its decision (navigation, dialogs, the stored
 * current market). The rule itself is in src/engine/markets/page-model.ts and
 * docs/markets.md.
 */
import type { MarketSummary } from '../../../../contract/market.ts';
import { pageModel, type MarketDecision, type MarketStep, type PageModel } from '../../../../engine/markets/page-model.ts';
import { locateVisitor, type VisitorPlace } from '../api/location.ts';
import { loadMarkets } from '../api/markets.ts';
import { paths, ROUTES } from '../../../app/paths.ts';
import { readMarketChoice, saveMarketChoice } from '../state/market-choice.ts';

export interface ResolvedModel {
  model: PageModel;
  place: VisitorPlace | null;
  markets: readonly MarketSummary[];
}

/** Where a market's visitors land: its configured home route (the generic market home carries the id). */
export function marketHomeHref(market: { id: string; homeRoute: string }): string {
  return market.homeRoute === ROUTES.insureMarketHome ? paths.insureMarketHome(market.id) : market.homeRoute;
}

const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

/**
 * The page model now. `current` overrides the stored current market (a market
 * page asking about itself).
 */
export async function resolvePageModel(override: { current?: string | null } = {}): Promise<ResolvedModel> {
  const choice = readMarketChoice();
  const current = override.current === undefined ? choice.current : override.current;
  if (!isOnline()) {
    return { model: pageModel({ location: { status: 'pending' }, markets: null, online: false, current, inited: choice.inited }), place: null, markets: [] };
  }
  const [place, markets] = await Promise.all([locateVisitor(), loadMarkets()]);
  const model = pageModel({
    location: { status: 'located', areaCode: place.areaCode, source: place.source },
    markets,
    online: true,
    current,
    inited: choice.inited,
  });
  return { model, place, markets };
}

type Go = (to: string, options?: { replace?: boolean }) => void;

/** Carries out one outcome: stores the current market, marks the visitor initialised, navigates. */
export function runStep(step: MarketStep, go: Go): 'left' | 'stay' {
  saveMarketChoice(step.setCurrent === undefined ? { inited: true } : { inited: true, current: step.setCurrent });
  switch (step.go.to) {
    case 'market':
      go(marketHomeHref(step.go.market), { replace: true });
      return 'left';
    case 'chooser':
      go(paths.locationMarketHome(step.go.markets.map((m) => m.id)), { replace: true });
      return 'left';
    default:
      return 'stay';
  }
}

/** Shows a spec §4 question; true when the visitor confirms. The dialog (antd-mobile, react-spring) loads only then. */
export async function askMarketQuestion(message: string): Promise<boolean> {
  const { confirmMarketQuestion } = await import('./market-question.ts');
  return confirmMarketQuestion(message);
}

/** Carries out a decision; 'stay' when the visitor stays on the page (plain catalogue, cancelled question, offline, waiting). */
export async function runDecision(decision: MarketDecision, go: Go, ask = askMarketQuestion): Promise<'left' | 'stay'> {
  switch (decision.kind) {
    case 'step':
      return runStep(decision.step, go);
    case 'ask':
      return runStep((await ask(decision.message)) ? decision.confirm : decision.cancel, go);
    default:
      return 'stay';
  }
}
