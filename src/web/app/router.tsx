import { lazy, Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Router, useRoutes, type Location, type RouteObject } from 'react-router-dom';
import { appRoutes, type RouteFlags } from '../../contract/app-routes.ts';
import { PageLoading } from '../components/page-loading.tsx';
import { TopProgress } from '../components/top-progress.tsx';
import { startMarketModel } from '../markets/market-start.ts';
import { createAppNavigation, type AppNavigation } from './navigation.ts';
import { ROUTES } from './paths.ts';
import { RouteBoundary } from './route-error.tsx';
import { arriveAtCatchAll, passRouteGate } from './route-gates.ts';
import { lazyComponent } from './screens.ts';
import { rememberScroll, setUpScrollRestoration, useScrollRestoration } from './scroll-restoration.ts';

/** A route of the app: its path, the spec's flags (run before it renders) and its element. */
export type AppRouteObject = RouteObject & { path: string; handle: RouteFlags };

const loadCatchAllRoute = () => import('./catch-all-route.tsx');
const CatchAllRoute = lazy(() => loadCatchAllRoute().then((module) => ({ default: module.CatchAllRoute })));

function ScrollRestorer() {
  useScrollRestoration();
  return null;
}

/**
 * A route's screen in its own error boundary and Suspense boundary, keyed by
 * the route: the next route shows its own loading state while its chunk (or
 * the catch-all's catalogue answer) loads, and scroll is restored once its
 * screen has committed.
 */
function routeElement(key: string, Screen: ComponentType): ReactNode {
  return (
    <RouteBoundary key={key}>
      <Suspense
        fallback={
          <>
            <TopProgress />
            <PageLoading />
          </>
        }
      >
        <Screen />
        <ScrollRestorer />
      </Suspense>
    </RouteBoundary>
  );
}

/**
 * Every route of the app (spec §2), hash-style: the route table of
 * src/contract/app-routes.ts, one lazy chunk per screen. Product detail routes
 * are not listed: the catch-all route maps a path to its product through the
 * catalogue.
 */
export const routes: AppRouteObject[] = [
  ...appRoutes().map(({ path, screen, flags }) => ({ path, handle: flags, element: routeElement(path, lazyComponent(screen)) })),
  { path: '*', handle: {}, element: routeElement('*', CatchAllRoute) },
];

/**
 * The gates of the route a navigation arrives at (`passRouteGate`), and on
 * arriving at home (not when home replaces its own query), the market
 * decision, started in parallel with the home screen's chunk; on arriving at
 * the catch-all route, its look-up (`arriveAtCatchAll`).
 */
function arrive(location: Location, from: Location | null): string | null {
  const route = matchRoutes(routes, location)?.at(-1)?.route as AppRouteObject | undefined;
  const redirect = passRouteGate(route?.handle ?? {}, location);
  if (redirect === null && route?.path === ROUTES.home && from?.pathname !== ROUTES.home) startMarketModel();
  // A path outside the table: the catch-all route's chunk, its catalogue look-up and the detail chunk at once.
  if (redirect === null && route?.path === '*') arriveAtCatchAll(location, loadCatchAllRoute);
  return redirect;
}

let navigation: AppNavigation | null = null;

/** The app's navigation, started once (main.tsx, before the first render: the first location passes its gates). */
export function appNavigation(): AppNavigation {
  if (!navigation) {
    navigation = createAppNavigation(arrive, rememberScroll);
    const started = navigation;
    setUpScrollRestoration(() => started.shown().location.key);
  }
  return navigation;
}

function AppRoutes() {
  return useRoutes(routes);
}

/** react-router's declarative mode on the app's navigation: the routes for the location it shows. */
export function AppRouter() {
  const app = appNavigation();
  const { action, location } = useSyncExternalStore(app.subscribe, app.shown);
  return (
    <Router location={location} navigationType={action} navigator={app.history}>
      <AppRoutes />
    </Router>
  );
}
