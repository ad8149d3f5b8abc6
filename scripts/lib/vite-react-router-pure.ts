/**
 * Vite plugin: lets the bundler drop the parts of react-router the app does
 * not use (the home route's size).
 *
 * react-router 7 ships as one large module. Its top-level declarations
 * `var Link = React.forwardRef(…)`, `var X = React.createContext(…)`,
 * `var M = React.memo(…)` carry no `/*#__PURE__*\/` mark, and each is
 * followed by `X.displayName = "…"` (a property write, which the bundler
 * must keep): so `Link`, `NavLink`, `Form` (with `useSubmit` and the form
 * serialisation), `unstable_HistoryRouter` and the contexts stayed in the
 * bundle whether used or not. This transform marks those three calls pure
 * and removes the top-level `displayName` writes (names React DevTools
 * shows, nothing the app reads), in react-router's own files only.
 * Its measured effect and upgrade risk: docs/build-plugins.md.
 */
import type { Plugin } from 'vite';

const REACT_ROUTER_DIST = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].+\.mjs$/;
const DISPLAY_NAME = /^\w+\.displayName = "[\w.]+";$/gm;
const UNMARKED_CALL = /^var (\w+) = (React\d*)\.(forwardRef|createContext|memo)\(/gm;

/** The transform itself: top-level `displayName` writes removed, component and context factories marked pure. */
export function markReactRouterPure(code: string): { code: string; edits: number } {
  let edits = 0;
  const out = code
    .replace(DISPLAY_NAME, () => {
      edits += 1;
      return '';
    })
    .replace(UNMARKED_CALL, (_match, name: string, react: string, factory: string) => {
      edits += 1;
      return `var ${name} = /* @__PURE__ */ ${react}.${factory}(`;
    });
  return { code: out, edits };
}

export function reactRouterPure(): Plugin {
  let edits = 0;
  return {
    name: 'edu-react-router-pure',
    apply: 'build',
    transform(code, id) {
      if (!REACT_ROUTER_DIST.test(id)) return undefined;
      const result = markReactRouterPure(code);
      edits += result.edits;
      return result.edits > 0 ? { code: result.code, map: null } : undefined;
    },
    buildEnd() {
      // A react-router release that changed its output format: the bundle is still right, only larger.
      if (edits === 0) this.warn('react-router-pure: nothing marked in react-router (its output changed?); the vendor chunk keeps unused parts');
    },
  };
}
