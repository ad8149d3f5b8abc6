import { createHashRouter, type RouteObject } from 'react-router-dom';
import { PageLoading } from '../components/page-loading.tsx';
import { AppShell } from './app-shell.tsx';
import { ROUTES } from './paths.ts';
import { catchAllLoader, routeLoader } from './route-loaders.ts';
import { CONFIRM_ROUTES, ROUTE_META, type RouteMeta } from './route-meta.ts';
import { RouteError } from './route-error.tsx';
import { lazyScreen, type ScreenName } from './screens.ts';

/** One screen route: lazy screen module, the spec's flags as `handle`, and the loader that applies them. */
function screenRoute(path: string, screen: ScreenName, meta: RouteMeta): RouteObject {
  return { path, lazy: lazyScreen(screen), loader: routeLoader(meta), handle: meta };
}

/**
 * Every route of the app (spec §2), hash-style. Product detail routes are not
 * listed: the catch-all route maps a path to its product through the catalogue.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <AppShell />,
    hydrateFallbackElement: <PageLoading />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: lazyScreen('home'), loader: routeLoader(ROUTE_META.home), handle: ROUTE_META.home },
      screenRoute(ROUTES.newProductDetail, 'product-detail', {}),
      screenRoute(ROUTES.login, 'login', ROUTE_META.login),
      screenRoute(ROUTES.insure, 'insure', ROUTE_META.insure),
      ...CONFIRM_ROUTES.map((path) => screenRoute(path, 'confirm', ROUTE_META.confirm)),
      screenRoute(ROUTES.payoff, 'payoff', ROUTE_META.payoff),
      screenRoute(ROUTES.paySuccess, 'pay-success', ROUTE_META.paySuccess),
      screenRoute(ROUTES.policyList, 'policy-list', ROUTE_META.policyList),
      screenRoute(ROUTES.catalogue, 'catalogue-preview', ROUTE_META.catalogue),
      // --- payments
      screenRoute(ROUTES.paySuccessJD, 'pay-success-jd', ROUTE_META.paySuccessJD),
      screenRoute(ROUTES.weixin, 'weixin', ROUTE_META.weixin),
      {
        path: '*',
        loader: catchAllLoader,
        lazy: async () => ({ Component: (await import('./catch-all-route.tsx')).CatchAllRoute }),
        handle: ROUTE_META.notFound,
      },
    ],
  },
];

export const router = createHashRouter(routes);
