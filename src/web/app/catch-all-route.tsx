import { use, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { AppPage } from '../shared/ui/app-page.tsx';
import { LoadError } from '../shared/ui/load-error.tsx';
import { catchAllAnswer } from './route-gates.ts';
import { CATCH_ALL_SCREENS, lazyComponent } from './screens.ts';

const [PRODUCT_DETAIL, NOT_FOUND] = CATCH_ALL_SCREENS;
const ProductDetailScreen = lazyComponent<{ productCode?: string }>(PRODUCT_DETAIL);
const NotFoundScreen = lazyComponent(NOT_FOUND);

/**
 * Element of the `*` route: a manifest's detail route, else the not-found
 * screen. Suspends (the route's loading state) while the look-up answers.
 */
export function CatchAllRoute() {
  const { pathname, search, key } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const answer = catchAllAnswer({ pathname, search }, `${key}#${attempt}`);
  const data = answer instanceof Promise ? use(answer) : answer;
  if (data.kind === 'error') {
    return (
      <AppPage title="产品详情">
        <LoadError description={data.message} onRetry={() => setAttempt((n) => n + 1)} />
      </AppPage>
    );
  }
  return data.kind === 'product' ? (
    <ProductDetailScreen key={data.productCode} productCode={data.productCode} />
  ) : (
    <NotFoundScreen />
  );
}
