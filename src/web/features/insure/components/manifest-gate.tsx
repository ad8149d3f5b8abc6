import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ProductManifest } from '../../../../engine/manifest/manifest-types.generated.ts';
import { AppPage } from '../../../shared/ui/app-page.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { NotFoundResult } from '../../../shared/ui/not-found-result.tsx';
import { PageLoading } from '../../../shared/ui/page-loading.tsx';
import { useProductManifest } from './use-product-manifest.ts';

/**
 * A screen of the flow that needs the manifest of `?productCode=`: renders its
 * loading, not-found and error states under `title`, and `children` once ready.
 */
export function ManifestGate({ title, children }: { title: string; children: (manifest: ProductManifest) => ReactNode }) {
  const [query] = useSearchParams();
  const state = useProductManifest(query.get('productCode') ?? '');
  if (state.status === 'ready') return children(state.manifest);
  return (
    <AppPage title={title}>
      {state.status === 'loading' && <PageLoading />}
      {state.status === 'notFound' && <NotFoundResult description="商品不存在或已下架" />}
      {state.status === 'error' && <LoadError description={state.message} onRetry={state.retry} />}
    </AppPage>
  );
}
