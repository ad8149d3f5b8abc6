// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../../src/contract/app-routes.ts';
import { passRouteGate } from '../../src/web/app/route-gates.ts';
import { STORAGE_KEYS } from '../../src/web/shared/state/storage.ts';

/** The gates a navigation passes before its screen renders (spec §2 navigation rules). */
describe('passRouteGate', () => {
  beforeEach(() => localStorage.clear());

  it('sends a visitor of a login-only route to log-in with the full target and the promo code of the link', () => {
    const to = passRouteGate(APP_ROUTES.insure.flags, { pathname: '/insure', search: '?productCode=A1&promoCode=P9' });
    expect(to?.startsWith('/passport/login?')).toBe(true);
    const query = new URLSearchParams(to?.split('?')[1]);
    expect(query.get('fullPath')).toBe('/insure?productCode=A1&promoCode=P9');
    expect(query.get('promoCode')).toBe('P9');
    expect(localStorage.getItem(STORAGE_KEYS.promoCode)).toBe('P9');
  });

  it('lets a visitor through a public route, keeping a stored promo code the link does not carry', () => {
    localStorage.setItem(STORAGE_KEYS.promoCode, 'KEPT');
    expect(passRouteGate(APP_ROUTES.searchCenter.flags, { pathname: '/searchCenter', search: '' })).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.promoCode)).toBe('KEPT');
  });

  it('clears the stored form and the saved record on the routes that say so (home), and only there', () => {
    localStorage.setItem(STORAGE_KEYS.insureDraft, '{}');
    localStorage.setItem(STORAGE_KEYS.savedRecord, '{}');
    expect(passRouteGate(APP_ROUTES.newProductDetail.flags, { pathname: '/newProductDetail', search: '?productCode=A1' })).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.insureDraft)).toBe('{}');
    expect(passRouteGate(APP_ROUTES.home.flags, { pathname: '/', search: '' })).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.insureDraft)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.savedRecord)).toBeNull();
  });
});
