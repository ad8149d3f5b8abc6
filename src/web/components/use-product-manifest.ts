import { useCallback, useEffect, useState } from 'react';
import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import { getCachedProductManifest, loadProductManifest } from '../api/product-manifest.ts';

export type ManifestState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; message: string }
  | { status: 'ready'; manifest: ProductManifest };

/** A manifest the server still describes but no longer sells (status offline) shows as not found: 商品不存在或已下架. */
function loadedState(manifest: ProductManifest | null): ManifestState {
  return manifest && manifest.status !== 'offline' ? { status: 'ready', manifest } : { status: 'notFound' };
}

function cachedState(productCode: string): ManifestState {
  if (!productCode) return { status: 'notFound' };
  const manifest = getCachedProductManifest(productCode);
  return manifest ? loadedState(manifest) : { status: 'loading' };
}

/**
 * The manifest of `productCode` through the shared manifest cache, so a screen
 * reached from the detail page renders at once; with a retry for the error state.
 */
export function useProductManifest(productCode: string): ManifestState & { retry: () => void } {
  const [state, setState] = useState<ManifestState>(() => cachedState(productCode));
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const initial = cachedState(productCode);
    setState(initial);
    if (initial.status !== 'loading') return;
    let live = true;
    loadProductManifest(productCode).then(
      (manifest) => live && setState(loadedState(manifest)),
      (error: unknown) => live && setState({ status: 'error', message: error instanceof Error ? error.message : '加载失败' }),
    );
    return () => {
      live = false;
    };
  }, [productCode, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
