/**
 * Starts the market page model (spec §4) for the home route as soon as the
 * router matches `/`, in parallel with the home screen's chunk instead of
 * after its first render (the home request chain). When the model
 * sends the visitor to a market or the chooser, that screen's chunk is
 * preloaded at once (with the generic market home's data), so the redirect
 * does not wait for it; the catalogue and the market list are fetched from the
 * start too, without the query library (early-queries.ts). The home screen
 * takes the started decision (`takeMarketModel`); the next visit of home
 * starts a fresh one.
 */
import type { ResolvedModel } from './market-flow.ts';
import { earlyCatalogue, earlyMarket, earlyMarkets } from '../../../shared/api/early-queries.ts';
import { ROUTES } from '../../../app/paths.ts';
import { preloadImage } from '../../../app/preload-image.ts';
import { preloadScreen } from '../../../app/screens.ts';

let started: Promise<ResolvedModel> | null = null;

/** The screen a decision leads to, preloaded as soon as the decision is known. */
function preloadTarget({ model, markets }: ResolvedModel): void {
  const { decision } = model;
  const steps = decision.kind === 'step' ? [decision.step] : decision.kind === 'ask' ? [decision.confirm] : [];
  for (const step of steps) {
    if (step.go.to === 'market') {
      preloadScreen('market-home');
      const { id, homeRoute } = step.go.market;
      // The generic market home's data leave now, with its chunk, not one wave later with the screen; and its
      // banner (home's largest paint after the redirect: the market list names it) with them, not after them.
      if (homeRoute === ROUTES.insureMarketHome) {
        void earlyMarket(id).load().catch(() => undefined);
        preloadImage(markets.find((market) => market.id === id)?.image);
      }
    }
    if (step.go.to === 'chooser') preloadScreen('market-chooser');
  }
}

/** Starts the decision (once until taken). Errors are the taker's: the home screen then shows the plain catalogue. */
export function startMarketModel(): void {
  if (started) return;
  // Plain fetches (early-queries.ts): the query library is not in the home route; it takes them over when it loads.
  void earlyCatalogue.load().catch(() => undefined);
  // The market list the page model reads (loadMarkets joins this fetch), without waiting for the flow's chunk.
  if (typeof navigator === 'undefined' || navigator.onLine) void earlyMarkets.load().catch(() => undefined);
  started = import('./market-flow.ts').then(({ resolvePageModel }) => resolvePageModel());
  started.then(preloadTarget, () => undefined);
}

/** The started decision (starting one when none is), handed over once. */
export function takeMarketModel(): Promise<ResolvedModel> {
  startMarketModel();
  const taken = started as Promise<ResolvedModel>;
  started = null;
  return taken;
}
