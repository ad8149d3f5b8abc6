import type { ProductListItem } from '../../contract/product.ts';
import { api } from './endpoints.ts';

/**
 * The product catalogue (home list), fetched once per page load and shared by
 * the home screen, the detail-route resolver and the policy list. A failed
 * fetch is forgotten so the next caller retries.
 */
let cached: readonly ProductListItem[] | null = null;
let pending: Promise<readonly ProductListItem[]> | null = null;

export function loadCatalogue(options: { silent?: boolean } = {}): Promise<readonly ProductListItem[]> {
  if (cached) return Promise.resolve(cached);
  pending ??= api
    .productList({ silent: options.silent })
    .then((data) => {
      cached = data?.list ?? [];
      return cached;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** The catalogue when it is already loaded, so a screen can render it on its first frame (scroll restoration needs the height). */
export function getCachedCatalogue(): readonly ProductListItem[] | null {
  return cached;
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
