import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import { ErrorCode } from '../../contract/envelope.ts';
import { ApiError } from './client.ts';
import { api } from './endpoints.ts';

/**
 * Product manifests fetched on demand and kept for the page's life, so that
 * coming back to a detail page renders at once (scroll restoration needs the
 * content) and later screens of the flow do not fetch again.
 */
const cache = new Map<string, ProductManifest>();

export function getCachedProductManifest(productCode: string): ProductManifest | null {
  return cache.get(productCode) ?? null;
}

/** The manifest of `productCode`; null when the product does not exist. Other failures reject. */
export async function loadProductManifest(productCode: string): Promise<ProductManifest | null> {
  const cached = cache.get(productCode);
  if (cached) return cached;
  try {
    const manifest = await api.productManifest(productCode, { silent: true });
    if (manifest) cache.set(productCode, manifest);
    return manifest ?? null;
  } catch (error) {
    if (error instanceof ApiError && (error.code === ErrorCode.NotFound || error.code === 'HTTP_404')) return null;
    throw error;
  }
}
