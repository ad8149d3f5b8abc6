import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import type { ProductListItem } from '../../contract/product.ts';
import { findProductByPath, loadCatalogue } from '../api/catalogue.ts';
import { clearSavedRecord, clearStoredForm } from '../state/form-reset.ts';
import { getPromoCode, storePromoCodeFromQuery } from '../state/promo-code.ts';
import { isLoggedIn } from '../state/session.ts';
import { loginRedirectUrl } from './guards.ts';
import type { RouteFlags } from '../../contract/app-routes.ts';

/** pathname + search of a loader request (the router builds it from the hash location). */
function targetOf(request: Request): { pathname: string; search: string; query: URLSearchParams } {
  const url = new URL(request.url);
  return { pathname: url.pathname, search: url.search, query: url.searchParams };
}

/**
 * Runs before a route renders: keeps a promo code the link carries, sends
 * visitors of login-only routes to /passport/login, and applies the
 * clear-form / clear-record flags (spec §2 navigation rules).
 */
export function routeLoader(meta: RouteFlags) {
  return ({ request }: LoaderFunctionArgs): null => {
    const target = targetOf(request);
    storePromoCodeFromQuery(target.query, false);
    if (meta.requiresLogin && !isLoggedIn()) throw redirect(loginRedirectUrl(target, getPromoCode()));
    if (meta.clearForm) clearStoredForm();
    if (meta.clearRecord) clearSavedRecord();
    return null;
  };
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
export async function catchAllLoader({ request }: LoaderFunctionArgs): Promise<CatchAllData> {
  const target = targetOf(request);
  storePromoCodeFromQuery(target.query, false);
  try {
    const list = await loadCatalogue({ silent: true });
    const product = findProductByPath(list, target.pathname, target.query.get('productCode'));
    return product ? { kind: 'product', product } : { kind: 'notFound' };
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}
