import type { ProductListItem } from '../../contract/product.ts';
import { queries } from './queries.ts';
import { queryClient } from './query-client.ts';

/**
 * The product catalogue (home list), kept in the query cache and shared by
 * the home screen, the detail-route resolver and the policy list. A failed
 * fetch is not kept, so the next caller retries.
 */
export function loadCatalogue(options: { silent?: boolean } = {}): Promise<readonly ProductListItem[]> {
  // Always silent: callers show their own failure (the option stays for callers written before the query cache).
  void options;
  return queryClient.ensureQueryData(queries.catalogue());
}

/** The catalogue when it is already loaded, so a screen can render it on its first frame (scroll restoration needs the height). */
export function getCachedCatalogue(): readonly ProductListItem[] | null {
  return queryClient.getQueryData(queries.catalogue().queryKey) ?? null;
}

/**
 * The product a detail route shows. Several product codes may share one
 * detail page: a productCode in the query picks among them, else the first
 * listed wins.
 */
export function findProductByPath(
  list: readonly ProductListItem[],
  pathname: string,
  productCode?: string | null,
): ProductListItem | undefined {
  const onPath = list.filter((item) => item.path === pathname);
  return (productCode ? onPath.find((item) => item.productCode === productCode) : undefined) ?? onPath[0];
}

/** The detail route of a product code, when the catalogue lists it. */
export function detailPathOf(list: readonly ProductListItem[], productCode: string): string | undefined {
  return list.find((item) => item.productCode === productCode)?.path;
}
