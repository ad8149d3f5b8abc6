import type { ProductManifest } from '../../../engine/manifest/manifest-types.generated.ts';
import { queries } from './queries.ts';
import { queryClient } from './query-client.ts';

/**
 * Product manifests fetched on demand and kept in the query cache for the
 * page's life, so that coming back to a detail page renders at once (scroll
 * restoration needs the content) and later screens of the flow do not fetch
 * again.
 */
export function getCachedProductManifest(productCode: string): ProductManifest | null {
  return queryClient.getQueryData(queries.productManifest(productCode).queryKey) ?? null;
}

/** The manifest of `productCode`; null when the product does not exist. Other failures reject. */
export function loadProductManifest(productCode: string): Promise<ProductManifest | null> {
  return queryClient.ensureQueryData(queries.productManifest(productCode));
}
