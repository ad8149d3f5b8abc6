import { STORAGE_KEYS } from './storage.ts';

/** The promo code kept from a shared link (spec §6). */
export function getPromoCode(): string {
  return localStorage.getItem(STORAGE_KEYS.promoCode) ?? '';
}

/**
 * Spec §6: a promo code from a link is stored in local storage, and emptied
 * when the link lacks one. Call with the landing link's query; later in-app
 * navigations only store a code they carry (`emptyWhenMissing` false).
 */
export function storePromoCodeFromQuery(query: URLSearchParams, emptyWhenMissing: boolean): void {
  const code = query.get('promoCode');
  if (code) localStorage.setItem(STORAGE_KEYS.promoCode, code);
  else if (emptyWhenMissing) localStorage.setItem(STORAGE_KEYS.promoCode, '');
}

/**
 * The query of a landing URL: the hash route's query (`#/?promoCode=`) wins
 * over the page's own (`?promoCode=#/`), which WeChat share links often use.
 */
export function landingQuery(location: Pick<Location, 'search' | 'hash'>): URLSearchParams {
  const merged = new URLSearchParams(location.search);
  const hashQuery = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?') + 1) : '';
  for (const [key, value] of new URLSearchParams(hashQuery)) merged.set(key, value);
  return merged;
}
