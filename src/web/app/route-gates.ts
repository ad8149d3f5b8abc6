import { tracked } from './tracked-promise.ts';
import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import { findProductByPath } from '../features/catalogue/index.ts';
import { earlyCatalogue, sendProductManifest } from '../shared/api/early-queries.ts';
import { clearSavedRecord, clearStoredForm } from '../shared/state/form-reset.ts';
import { getPromoCode, storePromoCodeFromQuery } from '../shared/state/promo-code.ts';
import { isLoggedIn } from '../shared/state/session.ts';
import { loginRedirectUrl, type TargetLocation } from './guards.ts';
import { preloadImage } from './preload-image.ts';
import { CATCH_ALL_SCREENS, preloadScreen } from './screens.ts';
import { DETAIL_ROUTE_SHAPE, type RouteFlags } from '../../contract/app-routes.ts';

/**
 * Runs as a navigation arrives, before its screen renders: keeps a promo code
 * the link carries, sends visitors of login-only routes to /passport/login
 * (the returned path, which replaces the arriving entry), and applies the
 * clear-form / clear-record flags (spec §2 navigation rules). Null: show the
 * route.
 */
export function passRouteGate(flags: RouteFlags, target: TargetLocation): string | null {
  storePromoCodeFromQuery(new URLSearchParams(target.search), false);
  if (flags.requiresLogin && !isLoggedIn()) return loginRedirectUrl(target, getPromoCode());
  if (flags.clearForm) clearStoredForm();
  if (flags.clearRecord) clearSavedRecord();
  return null;
}

/** What the catch-all route shows: a product detail route (its product's code), or nothing known. */
export type CatchAllData = { kind: 'product'; productCode: string } | { kind: 'notFound' } | { kind: 'error'; message: string };

/**
 * Detail routes are the manifests' own legacy paths (/xuzhouStudentSafetyDetails…): the product list maps
 * a path to its product code; any other path is not found. With the list at hand (home fetched it, or an
 * earlier screen), the path resolves here at once; otherwise (a detail page opened by its link) one call
 * resolves the path and brings the product's manifest (`lookUpDetailRoute`, loaded then), so the page's data does not
 * wait for the whole product list first (docs/performance.md "A detail page opened by its link").
 */
function lookUpCatchAll(target: TargetLocation): CatchAllData | Promise<CatchAllData> {
  const list = earlyCatalogue.getSnapshot().data;
  if (list) {
    const product = findProductByPath(list, target.pathname, new URLSearchParams(target.search).get('productCode'));
    if (product) startProductDetail(product.productCode);
    return product ? { kind: 'product', productCode: product.productCode } : { kind: 'notFound' };
  }
  if (!DETAIL_ROUTE_SHAPE.test(target.pathname)) return { kind: 'notFound' };
  return import('./detail-route-look-up.ts').then(
    ({ lookUpDetailRoute }) => lookUpDetailRoute(target.pathname, preloadBanner),
    (error: unknown): CatchAllData => ({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
  );
}

/** Answers found (a product, not found), per path and query: back to a detail page renders at once. */
const found = new Map<string, CatchAllData>();
/**
 * Look-ups in flight or failed, per path, visit (history entry) and attempt: a new visit or a retry asks
 * again. (Entries the browser made itself, an address typed or a link to another hash, all have the key
 * `default`: the path tells them apart.)
 */
const asked = new Map<string, Promise<CatchAllData>>();

/**
 * The catch-all route's answer for a path, from the cache, the product list at hand, or the server (a
 * promise while it answers). `visit` is the history entry's key and the attempt (`key#attempt`). The
 * product's manifest is requested with the look-up (or as soon as the list names the product) and, when
 * it arrives, its banner image (the detail's largest paint): neither waits for the detail screen's chunk.
 */
export function catchAllAnswer(target: TargetLocation, visit: string): CatchAllData | Promise<CatchAllData> {
  const place = target.pathname + target.search;
  const known = found.get(place);
  if (known) return known;
  const ask = `${place}|${visit}`;
  let pending = asked.get(ask);
  if (!pending) {
    const answer = lookUpCatchAll(target);
    if (!(answer instanceof Promise)) {
      found.set(place, answer);
      return answer;
    }
    // Tracked: a look-up answered before the route renders is read during the render, without a suspension.
    pending = tracked(
      answer.then((data) => {
        if (data.kind !== 'error') found.set(place, data);
        return data;
      }),
    );
    asked.clear();
    asked.set(ask, pending);
  }
  return pending;
}

/**
 * Arriving at the catch-all route (`arrive` in router.tsx, before the route renders): the look-up starts
 * at once; the route's chunk (`preloadRoute`) and the detail screen's, on the guess that the path is a
 * detail route (a path that is not costs that chunk's download: about 36 KB gzip), follow in the next
 * task, once the look-up's request has left (a few microtasks away), so that it is not queued behind the
 * chunks' dozens of files on the browser's six connections.
 */
export function arriveAtCatchAll(target: TargetLocation & { key: string }, preloadRoute: () => Promise<unknown>): void {
  const answer = catchAllAnswer(target, `${target.key}#0`);
  setTimeout(() => {
    preloadRoute().catch(() => undefined);
    if (answer instanceof Promise || answer.kind === 'product') preloadScreen(CATCH_ALL_SCREENS[0]);
  }, 0);
}

/** The list named the product: its manifest is sent now, and its banner preloaded when it arrives. */
function startProductDetail(productCode: string): void {
  sendProductManifest(productCode).then(preloadBanner, () => undefined);
}

/** The banner of a product on sale (the detail's largest paint) preloaded, so it downloads while the screen renders. */
function preloadBanner(manifest: ProductManifest | null): void {
  preloadImage(manifest && manifest.status !== 'offline' ? manifest.detail.banner.image : undefined);
}
