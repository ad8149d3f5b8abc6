import type { ProductManifest } from '../../../../engine/manifest/manifest-types.generated.ts';
import { EarlyQuery, earlyManifest, manifestKey, useEarlyQuery } from '../../../shared/api/early-queries.ts';
import { errorMessage } from '../../../shared/ui/error-message.ts';

export type ManifestState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; message: string }
  | { status: 'ready'; manifest: ProductManifest };

/** A manifest the server still describes but no longer sells (status offline) shows as not found: 商品不存在或已下架. */
function loadedState(manifest: ProductManifest | null): ManifestState {
  return manifest && manifest.status !== 'offline' ? { status: 'ready', manifest } : { status: 'notFound' };
}

/** What a screen without a product code reads: never started, never handed over. */
const NO_PRODUCT = new EarlyQuery(manifestKey(''), (): Promise<ProductManifest | null> => Promise.resolve(null));

/**
 * The manifest of `productCode`, as an early query (`earlyManifest`): a screen renders it without waiting
 * for the query library (a detail page opened by its link loads that library only when idle), and the query
 * cache takes it over when the library loads (`queries.productManifest`), so a screen reached from the
 * detail page renders at once; with a retry for the error state.
 */
export function useProductManifest(productCode: string): ManifestState & { retry: () => void } {
  const query = productCode ? earlyManifest(productCode) : NO_PRODUCT;
  const snapshot = useEarlyQuery(query, productCode !== '');
  let state: ManifestState;
  if (!productCode) state = { status: 'notFound' };
  else if (snapshot.data !== undefined) state = loadedState(snapshot.data);
  else if (snapshot.error) state = { status: 'error', message: errorMessage(snapshot.error) };
  else state = { status: 'loading' };
  return { ...state, retry: () => query.retry() };
}
