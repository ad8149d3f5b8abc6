import type { ProductListItem } from '../../contract/product.ts';
import { findProductByPath, loadCatalogue } from '../api/catalogue.ts';
import { sendProductManifest } from '../api/early-queries.ts';
import { clearSavedRecord, clearStoredForm } from '../state/form-reset.ts';
import { getPromoCode, storePromoCodeFromQuery } from '../state/promo-code.ts';
import { isLoggedIn } from '../state/session.ts';
import { loginRedirectUrl, type TargetLocation } from './guards.ts';
import { CATCH_ALL_SCREENS, preloadScreen } from './screens.ts';
import type { RouteFlags } from '../../contract/app-routes.ts';

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

/** What the catch-all route shows: a product detail route from the catalogue, or nothing known. */
export type CatchAllData =
  | { kind: 'product'; product: ProductListItem }
  | { kind: 'notFound' }
  | { kind: 'error'; message: string };

/**
 * Detail routes are the manifests' own legacy paths (/xuzhouStudentSafetyDetails…).
 * The catalogue (fetched once) maps a path to its product code; any other
 * path is not found.
 */
async function lookUpCatchAll(target: TargetLocation): Promise<CatchAllData> {
  try {
    const list = await loadCatalogue({ silent: true });
    const product = findProductByPath(list, target.pathname, new URLSearchParams(target.search).get('productCode'));
    return product ? { kind: 'product', product } : { kind: 'notFound' };
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
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
 * The catch-all route's answer for a path, from the cache or from the catalogue (a promise while it
 * answers). `visit` is the history entry's key and the attempt (`key#attempt`). As soon as the catalogue
 * names the product, its manifest is requested and, when it arrives, its banner image (the detail's
 * largest paint): neither waits for the detail screen's chunk.
 */
export function catchAllAnswer(target: TargetLocation, visit: string): CatchAllData | Promise<CatchAllData> {
  const place = target.pathname + target.search;
  const known = found.get(place);
  if (known) return known;
  const ask = `${place}|${visit}`;
  let pending = asked.get(ask);
  if (!pending) {
    pending = lookUpCatchAll(target).then((data) => {
      if (data.kind !== 'error') found.set(place, data);
      if (data.kind === 'product') startProductDetail(data.product.productCode);
      return data;
    });
    asked.clear();
    asked.set(ask, pending);
  }
  return pending;
}

/**
 * Arriving at the catch-all route (`arrive` in router.tsx, before the route renders): the catalogue look-up
 * starts at once; the route's chunk (`preloadRoute`) and the detail screen's, on the guess that the path is
 * a detail route (a path that is not costs that chunk's download: about 39 KB gzip), follow in the next
 * task, once the catalogue request has left (a few microtasks away), so that it is not queued behind the
 * chunks' dozens of files on the browser's six connections.
 */
export function arriveAtCatchAll(target: TargetLocation & { key: string }, preloadRoute: () => Promise<unknown>): void {
  const answer = catchAllAnswer(target, `${target.key}#0`);
  setTimeout(() => {
    preloadRoute().catch(() => undefined);
    if (answer instanceof Promise || answer.kind === 'product') preloadScreen(CATCH_ALL_SCREENS[0]);
  }, 0);
}

function startProductDetail(productCode: string): void {
  sendProductManifest(productCode).then(
    (manifest) => preloadImage(manifest && manifest.status !== 'offline' ? manifest.detail.banner.image : undefined),
    () => undefined,
  );
}

/** A high-priority preload of the first view's image, so it downloads while the screen renders. */
function preloadImage(href: string | undefined): void {
  if (!href || typeof document === 'undefined') return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.fetchPriority = 'high';
  document.head.append(link);
}
