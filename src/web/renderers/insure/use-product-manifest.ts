import { useCallback, useEffect, useState } from 'react';
import type { ProductManifest } from '../../../engine/manifest/manifest-types.generated.ts';
import { ApiError } from '../../api/client.ts';
import { api } from '../../api/endpoints.ts';

export type ManifestState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; message: string }
  | { status: 'ready'; manifest: ProductManifest };

/** The manifest of `productCode` (prod-svc attr), with a retry for the error state. */
export function useProductManifest(productCode: string): ManifestState & { retry: () => void } {
  const [state, setState] = useState<ManifestState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!productCode) {
      setState({ status: 'notFound' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    api.productManifest(productCode, { silent: true }).then(
      (manifest) => live && setState(manifest ? { status: 'ready', manifest } : { status: 'notFound' }),
      (error: unknown) => {
        if (!live) return;
        const notFound = error instanceof ApiError && (error.code === '4004' || error.code === 'HTTP_404');
        setState(notFound ? { status: 'notFound' } : { status: 'error', message: error instanceof Error ? error.message : '加载失败' });
      },
    );
    return () => {
      live = false;
    };
  }, [productCode, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
