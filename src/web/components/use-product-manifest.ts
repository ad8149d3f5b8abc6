import { useAppQuery } from '../api/query-hooks.ts';
import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import { queries } from '../api/queries.ts';
import { errorMessage, useRetryQuery } from './query-state.ts';

export type ManifestState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; message: string }
  | { status: 'ready'; manifest: ProductManifest };

/** A manifest the server still describes but no longer sells (status offline) shows as not found: 商品不存在或已下架. */
function loadedState(manifest: ProductManifest | null): ManifestState {
  return manifest && manifest.status !== 'offline' ? { status: 'ready', manifest } : { status: 'notFound' };
}

/**
 * The manifest of `productCode` through the query cache (`queries.productManifest`),
 * so a screen reached from the detail page renders at once; with a retry for the error state.
 */
export function useProductManifest(productCode: string): ManifestState & { retry: () => void } {
  const query = useAppQuery({ ...queries.productManifest(productCode), enabled: productCode !== '' });
  const retry = useRetryQuery(queries.productManifest(productCode).queryKey);
  let state: ManifestState;
  if (!productCode) state = { status: 'notFound' };
  else if (query.data !== undefined) state = loadedState(query.data);
  else if (query.isError) state = { status: 'error', message: errorMessage(query.error) };
  else state = { status: 'loading' };
  return { ...state, retry };
}
