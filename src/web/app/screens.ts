import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type ScreenModule = { default: ComponentType };

/**
 * Every screen is `screens/<name>/<name>-screen.tsx` with a default export,
 * loaded on demand (spec §2): one chunk per screen. Vite finds them (a lazy
 * glob: each is a dynamic import), so no list of screens is kept by hand.
 */
const MODULES = import.meta.glob<ScreenModule>('../screens/*/*-screen.tsx');

const MODULE_PATH = /^\.\.\/screens\/([^/]+)\/([^/]+)-screen\.tsx$/;

/** The screen folders that hold a `<name>/<name>-screen.tsx` module. */
export const SCREEN_NAMES: readonly string[] = Object.keys(MODULES)
  .map((path) => MODULE_PATH.exec(path))
  .filter((match): match is RegExpExecArray => match !== null && match[1] === match[2])
  .map((match) => match[1] as string);

/** Module paths the glob found that do not follow `<name>/<name>-screen.tsx` (a test keeps this empty). */
export const MISNAMED_SCREEN_MODULES: readonly string[] = Object.keys(MODULES).filter((path) => {
  const match = MODULE_PATH.exec(path);
  return !match || match[1] !== match[2];
});

/** The screens the catch-all route renders itself (a manifest's detail route, else not found). */
export const CATCH_ALL_SCREENS = ['product-detail', 'not-found'] as const;

function loader(name: string): () => Promise<ScreenModule> {
  const load = MODULES[`../screens/${name}/${name}-screen.tsx`];
  if (!load) throw new Error(`no screen module src/web/screens/${name}/${name}-screen.tsx`);
  return load;
}

/** Starts downloading a screen's chunk (with its CSS and imports) before its route is visited; failures wait for the visit. */
export function preloadScreen(name: string): void {
  loader(name)().catch(() => undefined);
}

const LAZY = new Map<string, LazyExoticComponent<ComponentType>>();

/** React.lazy for a screen (one per screen: the routes it serves share it), with its props. */
export function lazyComponent<P extends object = object>(name: string): LazyExoticComponent<ComponentType<P>> {
  let screen = LAZY.get(name);
  if (!screen) {
    screen = lazy(loader(name));
    LAZY.set(name, screen);
  }
  return screen as LazyExoticComponent<ComponentType<P>>;
}
