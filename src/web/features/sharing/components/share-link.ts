import { promoterApi } from '../api/promoter.ts';

/**
 * A share link (spec §6): the app's address with `route` as its hash route.
 * The sharer's promo code is added when the route carries none (a route that
 * already names a promoter, e.g. a pushed customer link, keeps it); a
 * visitor's link (no code) carries none.
 */
export function shareLink(route: string, promoCode: string | null | undefined, base = appBase()): string {
  const path = route.startsWith('/') ? route : `/${route}`;
  const at = path.indexOf('?');
  const query = new URLSearchParams(at < 0 ? '' : path.slice(at + 1));
  if (!promoCode || query.get('promoCode')) return `${base}#${path}`;
  query.delete('promoCode');
  query.set('promoCode', promoCode);
  return `${base}#${at < 0 ? path : path.slice(0, at)}?${query.toString()}`;
}

/** The page address the hash routes hang off: origin and path, no query, no hash. */
export function appBase(): string {
  return location.origin + location.pathname;
}

/**
 * The caller's promoter card, once per user and page life (its codes never
 * change). Silent: the share popup shows the failure itself.
 */
export function promoterCardQuery(userCode: string) {
  // A plain options object, not TanStack's `queryOptions` (an identity for typing): importing it brought the
  // query package into a chunk of its own on every page with a share button.
  return {
    queryKey: ['promoter', 'card', userCode] as const,
    queryFn: () => promoterApi.myCard({ silent: true }),
    staleTime: Infinity,
    retry: 1,
  };
}
