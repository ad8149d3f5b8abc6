import { Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, renderMatches, Router, useLocation, type Location, type RouteMatch, type RouteObject } from 'react-router-dom';
import { appRoutes, type RouteFlags } from '../../contract/app-routes.ts';
import { PageLoading } from '../shared/ui/page-loading.tsx';
import { TopProgress } from '../shared/ui/top-progress.tsx';
import { startMarketModel } from '../features/catalogue/index.ts';
import { createAppNavigation, type AppNavigation } from './navigation.ts';
import { ROUTES } from './paths.ts';
import { RouteBoundary } from './route-error.tsx';
import { arriveAtCatchAll, catchAllAnswer, passRouteGate } from './route-gates.ts';
import { CATCH_ALL_SCREENS, lazyComponent, lazyModule, loadScreen } from './screens.ts';
import { onceLoaded } from './tracked-promise.ts';
import { rememberScroll, setUpScrollRestoration, useScrollRestoration } from './scroll-restoration.ts';

/** A route of the app: its path, the spec's flags (run before it renders) and its element. */
export type AppRouteObject = RouteObject & { path: string; handle: RouteFlags };

/** The catch-all route's module, loaded as screens are (`onceLoaded`: `again` asks once more after a failure). */
const loadCatchAllRoute = onceLoaded<{ default: ComponentType }>(() =>
  import('./catch-all-route.tsx').then((module) => ({ default: module.CatchAllRoute })),
);
const CatchAllRoute = lazyModule(() => loadCatchAllRoute(), 'catch-all-route');

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

const SCREEN_OF_ROUTE = new Map(appRoutes().map(({ path, screen }) => [path, screen]));

/** Pathnames whose matches are kept (a visit touches a few; catch-all paths are many but each is visited rarely). */
const MATCHES_KEPT = 64;
const MATCHES = new Map<string, RouteMatch[] | null>();

/**
 * The routes without a parameter, by their path in lower case (react-router matches case-insensitively):
 * a pathname that is one of them exactly is that route, the highest rank react-router gives (a static
 * path before any dynamic one or the catch-all), so it needs no ranking of the table.
 */
const STATIC_ROUTES = new Map<string, AppRouteObject>();
for (const route of routes) {
  const key = route.path.toLowerCase();
  if (!/[:*?]/.test(route.path) && !STATIC_ROUTES.has(key)) STATIC_ROUTES.set(key, route);
}

/**
 * The routes a pathname matches, as react-router's `matchRoutes` answers. It flattens and ranks the whole
 * table (about 90 routes, 1–3 ms on a desktop CPU, four times that on a phone) on every call, and a
 * navigation asked three times (its gates, the redirect's preload, the render); the table is fixed, so a
 * pathname's matches are too. A static route's own path is answered from `STATIC_ROUTES`.
 */
export function matchAppRoutes(pathname: string): RouteMatch[] | null {
  let matches = MATCHES.get(pathname);
  if (matches === undefined) {
    const route = STATIC_ROUTES.get(pathname.toLowerCase());
    matches = route ? [{ params: {}, pathname, pathnameBase: pathname, route }] : matchRoutes(routes, { pathname });
    if (MATCHES.size >= MATCHES_KEPT) MATCHES.clear();
    MATCHES.set(pathname, matches);
  }
  return matches;
}

/** The screen module of the route a location matches (null for the catch-all route and unknown paths). */
function routeScreen(location: Pick<Location, 'pathname'>): string | null {
  const route = matchAppRoutes(location.pathname)?.at(-1)?.route as AppRouteObject | undefined;
  return (route && SCREEN_OF_ROUTE.get(route.path)) ?? null;
}

/**
 * Settles once the screen of `to` (an app path with its query) has loaded, or failed to: a redirect that
 * waits for it (home's market decision) shows the next screen at once instead of its loading state
 * (`lazyModule`: no fallback, so no reveal throttle).
 */
export async function routeScreenReady(to: string): Promise<void> {
  const screen = routeScreen({ pathname: to.split('?')[0] ?? to });
  if (screen) await loadScreen(screen).catch(() => undefined);
}

/**
 * The gates of the route a navigation arrives at (`passRouteGate`), and on
 * arriving at home (not when home replaces its own query), the market
 * decision, started in parallel with the home screen's chunk; on arriving at
 * the catch-all route, its look-up (`arriveAtCatchAll`).
 */
function arrive(location: Location, from: Location | null): string | null {
  const route = matchAppRoutes(location.pathname)?.at(-1)?.route as AppRouteObject | undefined;
  const redirect = passRouteGate(route?.handle ?? {}, location);
  // The screen's module is asked for now, before the render: one already in the document's files (home's)
  // has settled by the time React renders, so the first render shows it without a fallback.
  const screen = redirect === null && route ? SCREEN_OF_ROUTE.get(route.path) : undefined;
  if (screen) loadScreen(screen, { again: true }).catch(() => undefined);
  if (redirect === null && route?.path === ROUTES.home && from?.pathname !== ROUTES.home) startMarketModel();
  // A path outside the table: the catch-all route's chunk, its catalogue look-up and the detail chunk at once.
  if (redirect === null && route?.path === '*') arriveAtCatchAll(location, () => loadCatchAllRoute({ again: true }));
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

/**
 * Settles once what the first location renders has arrived (or failed): its screen's module, or for a
 * path outside the table the catch-all route's module, its look-up and the screen it names. main.tsx
 * renders the app then, with index.html's loading shell on screen meanwhile, so the first render shows
 * the screen itself: a Suspense fallback committed first would hold the screen back by React's reveal
 * throttle (300 ms after the fallback) once everything had arrived (docs/performance.md).
 */
export async function firstRouteReady(): Promise<void> {
  const { location } = appNavigation().shown();
  const screen = routeScreen(location);
  if (screen) {
    await loadScreen(screen).catch(() => undefined);
    return;
  }
  const answer = catchAllAnswer(location, `${location.key}#0`);
  const [data] = await Promise.all([answer, loadCatchAllRoute().catch(() => undefined)]);
  if (data.kind !== 'error') await loadScreen(CATCH_ALL_SCREENS[data.kind === 'product' ? 0 : 1]).catch(() => undefined);
}

/** `useRoutes(routes)` for a table without nesting, from the kept matches (`matchAppRoutes`). */
function AppRoutes() {
  return renderMatches(matchAppRoutes(useLocation().pathname));
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
