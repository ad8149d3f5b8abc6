import type { ProductListItem } from '../../contract/product.ts';
import { findProductByPath, loadCatalogue } from '../api/catalogue.ts';
import { clearSavedRecord, clearStoredForm } from '../state/form-reset.ts';
import { getPromoCode, storePromoCodeFromQuery } from '../state/promo-code.ts';
import { isLoggedIn } from '../state/session.ts';
import { loginRedirectUrl, type TargetLocation } from './guards.ts';
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
export async function lookUpCatchAll(target: TargetLocation): Promise<CatchAllData> {
  try {
    const list = await loadCatalogue({ silent: true });
    const product = findProductByPath(list, target.pathname, new URLSearchParams(target.search).get('productCode'));
    return product ? { kind: 'product', product } : { kind: 'notFound' };
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}
