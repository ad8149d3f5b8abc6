import { paths, ROUTES } from './paths.ts';

/** The part of a location the guards read. */
export interface TargetLocation {
  pathname: string;
  search: string;
}

/**
 * Where a visitor goes when a route needs log-in (spec §2 navigation rules):
 * /passport/login with the full target (path and query) as fullPath, plus the
 * promo code, partner source and product code. The promo code comes from the
 * target's query, else from the one stored from the landing link; the product
 * code from the query, else `productCode` (a detail route names its product
 * by its path).
 */
export function loginRedirectUrl(target: TargetLocation, storedPromoCode = '', productCode = ''): string {
  const query = new URLSearchParams(target.search);
  return paths.login({
    fullPath: target.pathname + target.search,
    promoCode: query.get('promoCode') ?? storedPromoCode,
    partnerSource: query.get('partnerSource') ?? '',
    productCode: query.get('productCode') ?? productCode,
  });
}

/**
 * The in-app path to return to after log-in. Only same-app hash paths are
 * accepted (no `//host`, no scheme, not the log-in page itself); anything
 * else goes home.
 */
export function safeReturnPath(fullPath: string | null | undefined): string {
  if (!fullPath || !fullPath.startsWith('/')) return ROUTES.home;
  if (fullPath.startsWith('//') || fullPath.startsWith('/\\')) return ROUTES.home;
  if ([...fullPath].some((ch) => ch.charCodeAt(0) < 0x20)) return ROUTES.home;
  const pathname = fullPath.split(/[?#]/, 1)[0] ?? '';
  if (pathname === ROUTES.login || pathname.startsWith(`${ROUTES.login}/`)) return ROUTES.home;
  // --- accounts: no log-in screen (/passport/PasswordLogin, /passport/register…) is a place to return to.
  if (pathname.startsWith('/passport/')) return ROUTES.home;
  return fullPath;
}

/** Search strings compared as parameter lists (`?a=1&b=` equals `a=1&b=`). */
function normaliseSearch(search: string): string {
  return new URLSearchParams(search).toString();
}

function normalisePathname(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** True when two locations show the same route with the same query: such a navigation is ignored (spec §2). */
export function isSameLocation(a: TargetLocation, b: TargetLocation): boolean {
  return normalisePathname(a.pathname) === normalisePathname(b.pathname) && normaliseSearch(a.search) === normaliseSearch(b.search);
}
