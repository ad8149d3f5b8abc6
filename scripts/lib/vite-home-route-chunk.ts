/**
 * Chunking of the home route: every module the home route runs (the
 * entry's static closure plus the home screen's), except the vendor packages,
 * the entry module and the home screen module themselves, in one `core` chunk,
 * instead of about twenty small shared chunks each gzipped alone.
 *
 * The closure is walked over import statements before tree shaking, so it stops
 * at a package index that only re-exports (antd-mobile's, ahooks'): following
 * one would put every component the package re-exports into `core`, used on the
 * home route or not. Home route modules import antd-mobile by deep path for that
 * reason. Our own feature indexes (src/web/features/<name>/index.ts) are
 * followed: each re-exports only what other features use, and what the home
 * route takes through one runs on it. A module the walk misses stays in rolldown's automatic chunks; should one
 * of them import `core` while `core` imports it (the cycle that made the app fail at
 * start in an earlier attempt: a module ran before one it needs),
 * `assertNoChunkCycle` fails the build.
 */
import type { Plugin, Rolldown } from 'vite';

const PACKAGE = /[\\/]node_modules[\\/]/;

/** Import or re-export statements only: a package index that re-exports its modules. */
const REEXPORT_ONLY = /^(?:\s|\/\/[^\n]*|\/\*[\s\S]*?\*\/|import\s[^;]*?;|import\s*['"][^'"]*['"];?|export\s*\*[^;]*?from\s*['"][^'"]*['"];?|export\s*\{[^}]*\}(?:\s*from\s*['"][^'"]*['"])?;?)*$/;

/** True when a module's code is nothing but imports and re-exports (a "barrel"), with at least one export. */
export function isReexportOnly(code: string): boolean {
  return /\bexport\b/.test(code) && REEXPORT_ONLY.test(code);
}

/** Static closure of `roots` over the module graph (dynamic imports are not followed; `follow` false: neither kept nor entered). */
export function staticModuleClosure(roots: readonly string[], importedIds: (id: string) => readonly string[] | undefined, follow: (id: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id) || !follow(id)) continue;
    seen.add(id);
    for (const next of importedIds(id) ?? []) stack.push(next);
  }
  return seen;
}

export interface HomeRouteChunkOptions {
  /** The HTML entry module and the home screen module: the walk starts there. */
  roots: readonly string[];
  /** Modules of the walk that keep their own chunk. */
  ownChunks?: readonly string[];
  /** Modules left to another group (the vendor chunk): neither captured nor entered. */
  exclude: RegExp;
  name?: string;
}

/** A `codeSplitting` group's `name`: `core` for the modules of the home route's closure, null for the rest. */
export function homeRouteChunkName({ roots, ownChunks = [], exclude, name = 'core' }: HomeRouteChunkOptions): Rolldown.CodeSplittingNameFunction {
  let closure: Set<string> | undefined;
  return (id, ctx) => {
    closure ??= staticModuleClosure(
      roots,
      (moduleId) => ctx.getModuleInfo(moduleId)?.importedIds,
      (moduleId) => {
        if (exclude.test(moduleId)) return false;
        const code = ctx.getModuleInfo(moduleId)?.code;
        return code == null || !PACKAGE.test(moduleId) || !isReexportOnly(code);
      },
    );
    return closure.has(id) && !ownChunks.includes(id) ? name : null;
  };
}

/** Fails the build when two chunks import each other, directly or through others (static imports). */
export function assertNoChunkCycle(): Plugin {
  return {
    name: 'edu-no-chunk-cycle',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, readonly string[]>();
      for (const file of Object.values(bundle)) if (file.type === 'chunk') imports.set(file.fileName, file.imports);
      const cycle = findCycle(imports);
      if (cycle) this.error(`chunks import each other (modules may run before what they need): ${cycle.join(' → ')}`);
    },
  };
}

/** A cycle in a directed graph (`from` → its targets), as the path that closes it, or null. */
export function findCycle(edges: ReadonlyMap<string, readonly string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of edges.get(node) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of edges.keys()) {
    const found = visit(node);
    if (found) return found;
  }
  return null;
}
