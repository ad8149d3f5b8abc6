import { Suspense } from 'react';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import { AppPage } from '../components/app-page.tsx';
import { LoadError } from '../components/load-error.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import type { CatchAllData } from './route-loaders.ts';
import { CATCH_ALL_SCREENS, lazyComponent } from './screens.ts';

const [PRODUCT_DETAIL, NOT_FOUND] = CATCH_ALL_SCREENS;
const ProductDetailScreen = lazyComponent<{ productCode?: string }>(PRODUCT_DETAIL);
const NotFoundScreen = lazyComponent(NOT_FOUND);

/** Element of the `*` route: a manifest's detail route, else the not-found screen. */
export function CatchAllRoute() {
  const data = useLoaderData() as CatchAllData;
  const revalidator = useRevalidator();
  if (data.kind === 'error') {
    return (
      <AppPage title="产品详情">
        <LoadError description={data.message} onRetry={() => void revalidator.revalidate()} />
      </AppPage>
    );
  }
  return (
    <Suspense fallback={<PageLoading />}>
      {data.kind === 'product' ? (
        <ProductDetailScreen key={data.product.productCode} productCode={data.product.productCode} />
      ) : (
        <NotFoundScreen />
      )}
    </Suspense>
  );
}
