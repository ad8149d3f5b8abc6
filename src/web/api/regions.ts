import type { AreaNode } from '../../contract/market.ts';
import { ROOT_REGION_CODE, parentCode } from '../../engine/rules/regions.ts';
import { api } from './endpoints.ts';

/**
 * The national region tree, loaded level by level from
 * `user-svc/api/v1/getArea/{code}` and kept per code for the page's life (the
 * server and the browser cache it too). Nothing of the tree is in the bundle.
 * A failed fetch is forgotten so the next caller retries.
 */
const children = new Map<string, readonly AreaNode[]>();
const pending = new Map<string, Promise<readonly AreaNode[]>>();
const labels = new Map<string, string>();

/** Children of a code (000000: the provinces), from the cache or the server. */
export function loadAreaChildren(code: string = ROOT_REGION_CODE): Promise<readonly AreaNode[]> {
  const cached = children.get(code);
  if (cached) return Promise.resolve(cached);
  let request = pending.get(code);
  if (!request) {
    request = api
      .getArea(code, { silent: true })
      .then((nodes) => {
        const list = nodes ?? [];
        children.set(code, list);
        for (const node of list) labels.set(node.value, node.label);
        return list;
      })
      .finally(() => pending.delete(code));
    pending.set(code, request);
  }
  return request;
}

/** Children already loaded, or undefined. */
export function cachedAreaChildren(code: string = ROOT_REGION_CODE): readonly AreaNode[] | undefined {
  return children.get(code);
}

/** The label of a code when its level has been loaded. */
export function cachedRegionLabel(code: string | undefined): string | undefined {
  return code === undefined ? undefined : labels.get(code);
}

/**
 * Loads every level above each code (so the labels of the code and its
 * ancestors are known): the provinces, the cities of its province, the
 * counties of its city. Resolves even
 * when a level fails (labels then fall back to the code).
 */
export async function loadRegionLabels(codes: readonly (string | undefined)[]): Promise<void> {
  const parents = new Set<string>();
  for (const code of codes) {
    if (!code || !/^\d{6}$/.test(code) || code === ROOT_REGION_CODE) continue;
    for (let up = parentCode(code); ; up = parentCode(up)) {
      parents.add(up);
      if (up === ROOT_REGION_CODE) break;
    }
  }
  await Promise.all([...parents].map((p) => loadAreaChildren(p).catch(() => undefined)));
}

/** Forgets everything (tests). */
export function resetRegionCache(): void {
  children.clear();
  pending.clear();
  labels.clear();
}
