import { UNSAFE_createHashHistory, type Location, type NavigationType } from 'react-router-dom';

type HashHistory = ReturnType<typeof UNSAFE_createHashHistory>;

/** The location the app shows, and how it got there (POP: back, forward, reload or first load). */
export interface Shown {
  action: NavigationType;
  location: Location;
}

/**
 * What runs as a navigation arrives, before the screen renders (the route flags: spec §2): returns a
 * path to go to instead (replacing the arriving entry), or null to show the location.
 */
export type Arrive = (location: Location, from: Location | null) => string | null;

/** The app's navigation: one hash history, its gates and the location React renders. */
export interface AppNavigation {
  /** react-router's `navigator` (`<Router navigator>`). */
  readonly history: HashHistory;
  subscribe(onChange: () => void): () => void;
  shown(): Shown;
  /** The location the address bar holds now (ahead of React, which renders it on its next commit). */
  location(): Location;
  navigate(to: string, options?: { replace?: boolean }): void;
}

/**
 * The app's hash history with the declarative router (react-router's data router left the home
 * route). Every navigation commits its URL at once — back while a screen is still loading returns to the
 * previous screen of the app — then:
 * 1. `leaving(key)` is told the entry being left (scroll restoration saves its position there);
 * 2. `arrive` runs the target's gates: a redirect replaces the arriving entry and runs its gates in turn;
 * 3. React renders the location (`useSyncExternalStore` in `AppRouter`).
 * The first location passes its gates when this is built, before the first render.
 */
export function createAppNavigation(arrive: Arrive, leaving: (key: string) => void, window?: Window): AppNavigation {
  const history = UNSAFE_createHashHistory({ v5Compat: true, ...(window ? { window } : {}) });
  const first = arrive(history.location, null);
  if (first !== null) history.replace(first);
  let shown: Shown = { action: history.action, location: history.location };
  const subscribers = new Set<() => void>();
  history.listen(({ action, location }) => {
    leaving(shown.location.key);
    const redirect = arrive(location, shown.location);
    if (redirect !== null) {
      history.replace(redirect);
      return;
    }
    shown = { action, location };
    for (const notify of subscribers) notify();
  });
  return {
    history,
    subscribe(onChange) {
      subscribers.add(onChange);
      return () => subscribers.delete(onChange);
    },
    shown: () => shown,
    location: () => history.location,
    navigate(to, options) {
      if (options?.replace) history.replace(to);
      else history.push(to);
    },
  };
}
