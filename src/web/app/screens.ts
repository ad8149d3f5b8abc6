import { createElement, use, type ComponentType } from 'react';
import { onceLoaded, type OnceLoaded, type TrackedPromise } from './tracked-promise.ts';

type ScreenModule = { default: ComponentType };

/**
 * Every screen is `features/<feature>/screens/<name>/<name>-screen.tsx` with a default export,
 * loaded on demand (spec §2): one chunk per screen. Vite finds them (a lazy
 * glob: each is a dynamic import), so no list of screens is kept by hand.
 */
const MODULES = import.meta.glob<ScreenModule>('../features/*/screens/*/*-screen.tsx');

const MODULE_PATH = /^\.\.\/features\/[^/]+\/screens\/([^/]+)\/([^/]+)-screen\.tsx$/;

/** The loader of each screen module that follows `<name>/<name>-screen.tsx`, by screen name. */
const LOADERS = new Map(
  Object.entries(MODULES).flatMap(([path, load]) => {
    const match = MODULE_PATH.exec(path);
    return match && match[1] === match[2] ? [[match[1] as string, load] as const] : [];
  }),
);

/** The screen folders that hold a `<name>/<name>-screen.tsx` module. */
export const SCREEN_NAMES: readonly string[] = [...LOADERS.keys()];

/** Module paths the glob found that do not follow `<name>/<name>-screen.tsx` (a test keeps this empty). */
export const MISNAMED_SCREEN_MODULES: readonly string[] = Object.keys(MODULES).filter((path) => {
  const match = MODULE_PATH.exec(path);
  return !match || match[1] !== match[2];
});

/** The screens the catch-all route renders itself (a manifest's detail route, else not found). */
export const CATCH_ALL_SCREENS = ['product-detail', 'not-found'] as const;

function loader(name: string): () => Promise<ScreenModule> {
  const load = LOADERS.get(name);
  if (!load) throw new Error(`no screen module src/web/features/*/screens/${name}/${name}-screen.tsx`);
  return load;
}

const LOADS = new Map<string, OnceLoaded<ScreenModule>>();

/**
 * A screen's module, loaded once and tracked (`onceLoaded`), so a screen whose module has arrived renders
 * at once (`lazyModule`); `again` asks once more after a failure.
 */
export function loadScreen(name: string, options?: { again?: boolean }): TrackedPromise<ScreenModule> {
  let load = LOADS.get(name);
  if (!load) {
    load = onceLoaded(loader(name));
    LOADS.set(name, load);
  }
  return load(options);
}

/** Starts downloading a screen's chunk (with its CSS and imports) before its route is visited; failures wait for the visit. */
export function preloadScreen(name: string): void {
  loadScreen(name, { again: true }).catch(() => undefined);
}

/**
 * React.lazy that renders at once when its module has already arrived. React.lazy suspends on its first
 * render even for a module that is loaded (its promise settles a microtask later), so its Suspense
 * boundary commits the fallback and React then holds the screen back until 300 ms after that fallback
 * (its reveal throttle): on a redirect (home → market home) or a deep link (the detail) the paint waited
 * for that timer, not for any byte (docs/performance.md, "React's reveal throttle"). Here a
 * settled module renders synchronously; one still loading suspends as before.
 */
export function lazyModule<P extends object>(load: () => TrackedPromise<{ default: ComponentType<P> }>, name: string): ComponentType<P> {
  function LazyModule(props: P) {
    return createElement(use(load()).default, props);
  }
  LazyModule.displayName = `Lazy(${name})`;
  return LazyModule;
}

const LAZY = new Map<string, ComponentType>();

/** The lazy component of a screen (one per screen: the routes it serves share it), with its props. */
export function lazyComponent<P extends object = object>(name: string): ComponentType<P> {
  let screen = LAZY.get(name);
  if (!screen) {
    screen = lazyModule(() => loadScreen(name), name);
    LAZY.set(name, screen);
  }
  return screen as ComponentType<P>;
}
