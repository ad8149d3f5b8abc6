import type { ProductListItem } from '../../../../contract/product.ts';
import { earlyCatalogue } from '../../../shared/api/early-queries.ts';

/**
 * The product catalogue (home list), shared by the home screen, the
 * detail-route resolver and the policy list: fetched without the query
 * library until it loads, then kept in the query cache (early-queries.ts).
 * A failed fetch is not kept, so the next caller retries.
 */
export function loadCatalogue(options: { silent?: boolean } = {}): Promise<readonly ProductListItem[]> {
  // Always silent: callers show their own failure (the option stays for callers written before the query cache).
  void options;
  return earlyCatalogue.load();
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
