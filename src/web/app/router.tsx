import { createHashRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { appRoutes, type AppRoute } from '../../contract/app-routes.ts';
import { PageLoading } from '../components/page-loading.tsx';
import { AppShell } from './app-shell.tsx';
import { catchAllLoader, routeLoader } from './route-loaders.ts';
import { RouteError } from './route-error.tsx';
import { lazyScreen } from './screens.ts';
import { startMarketModel } from '../markets/market-start.ts';

/** One screen route of the table: lazy screen module, the spec's flags as `handle`, and the loader that applies them. */
function screenRoute({ path, screen, flags }: AppRoute): RouteObject {
  const route = { lazy: lazyScreen(screen), loader: routeLoader(flags), handle: flags };
  if (path !== '/') return { path, ...route };
  // Home: the market decision starts with the route, in parallel with the home screen's chunk; not when
  // home revalidates itself (a category chosen changes the query), where the screen has decided already.
  const loader = route.loader;
  // (The first load runs loaders while `createHashRouter` is still building `router`: `built.router` is unset then.)
  const arriving = () => !built.router?.state.initialized || built.router.state.location.pathname !== '/';
  const homeLoader = (args: LoaderFunctionArgs) => {
    if (arriving()) startMarketModel();
    return loader(args);
  };
  return { index: true, ...route, loader: homeLoader };
}

/**
 * Every route of the app (spec §2), hash-style: the route table of
 * src/contract/app-routes.ts. Product detail routes are not listed: the
 * catch-all route maps a path to its product through the catalogue.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <AppShell />,
    hydrateFallbackElement: <PageLoading />,
    errorElement: <RouteError />,
    children: [
      ...appRoutes().map(screenRoute),
      {
        path: '*',
        loader: catchAllLoader,
        lazy: async () => ({ Component: (await import('./catch-all-route.tsx')).CatchAllRoute }),
        handle: {},
      },
    ],
  },
];

const built: { router?: ReturnType<typeof createHashRouter> } = {};
export const router = createHashRouter(routes);
built.router = router;
