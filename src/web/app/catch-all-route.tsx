import { use, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { AppPage } from '../components/app-page.tsx';
import { LoadError } from '../components/load-error.tsx';
import { lookUpCatchAll, type CatchAllData } from './route-gates.ts';
import { CATCH_ALL_SCREENS, lazyComponent } from './screens.ts';

const [PRODUCT_DETAIL, NOT_FOUND] = CATCH_ALL_SCREENS;
const ProductDetailScreen = lazyComponent<{ productCode?: string }>(PRODUCT_DETAIL);
const NotFoundScreen = lazyComponent(NOT_FOUND);

/** Answers found (a product, not found), per path and query: back to a detail page renders at once. */
const found = new Map<string, CatchAllData>();
/**
 * Look-ups in flight or failed, per path, visit (history entry) and attempt: a new visit or a retry asks
 * again. (Entries the browser made itself, an address typed or a link to another hash, all have the key
 * `default`: the path tells them apart.)
 */
const asked = new Map<string, Promise<CatchAllData>>();

function lookUp(pathname: string, search: string, visit: string): CatchAllData | Promise<CatchAllData> {
  const place = pathname + search;
  const known = found.get(place);
  if (known) return known;
  const ask = `${place}|${visit}`;
  let pending = asked.get(ask);
  if (!pending) {
    pending = lookUpCatchAll({ pathname, search }).then((data) => {
      if (data.kind !== 'error') found.set(place, data);
      return data;
    });
    asked.clear();
    asked.set(ask, pending);
  }
  return pending;
}

/**
 * Element of the `*` route: a manifest's detail route, else the not-found
 * screen. Suspends (the route's loading state) while the catalogue answers.
 */
export function CatchAllRoute() {
  const { pathname, search, key } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const answer = lookUp(pathname, search, `${key}#${attempt}`);
  const data = answer instanceof Promise ? use(answer) : answer;
  if (data.kind === 'error') {
    return (
      <AppPage title="产品详情">
        <LoadError description={data.message} onRetry={() => setAttempt((n) => n + 1)} />
      </AppPage>
    );
  }
  return data.kind === 'product' ? (
    <ProductDetailScreen key={data.product.productCode} productCode={data.product.productCode} />
  ) : (
    <NotFoundScreen />
  );
}
