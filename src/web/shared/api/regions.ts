import type { AreaNode } from '../../../contract/market.ts';
import { ROOT_REGION_CODE, parentCode } from '../../../engine/rules/regions.ts';
import { queries, queryKeys } from './queries.ts';
import { queryClient } from './query-client.ts';

/**
 * The national region tree, loaded level by level from
 * `user-svc/api/v1/getArea/{code}` and kept per code in the query cache for
 * the page's life (the server and the browser cache it too). Nothing of the
 * tree is in the bundle. A failed fetch is not kept, so the next caller
 * retries.
 */

/** Children of a code (000000: the provinces), from the cache or the server. */
export function loadAreaChildren(code: string = ROOT_REGION_CODE): Promise<readonly AreaNode[]> {
  return queryClient.ensureQueryData(queries.areaChildren(code));
}

/** Children already loaded, or undefined. */
export function cachedAreaChildren(code: string = ROOT_REGION_CODE): readonly AreaNode[] | undefined {
  return queryClient.getQueryData(queries.areaChildren(code).queryKey);
}

/** The label of a code when its level (the children of its parent) has been loaded. */
export function cachedRegionLabel(code: string | undefined): string | undefined {
  if (code === undefined || !/^\d{6}$/.test(code) || code === ROOT_REGION_CODE) return undefined;
  return cachedAreaChildren(parentCode(code))?.find((node) => node.value === code)?.label;
}

/**
 * Loads every level above each code (so the labels of the code and its
 * ancestors are known): the provinces, the cities of its province, the
 * counties of its city. Resolves even
 * when a level fails (labels then fall back to the code).
 */
export async function loadRegionLabels(codes: readonly (string | undefined)[]): Promise<void> {
  await Promise.all(regionLevelsAbove(codes).map((p) => loadAreaChildren(p).catch(() => undefined)));
}

/** The codes whose children hold the labels of `codes` and their ancestors (the root included). */
export function regionLevelsAbove(codes: readonly (string | undefined)[]): string[] {
  const parents = new Set<string>();
  for (const code of codes) {
    if (!code || !/^\d{6}$/.test(code) || code === ROOT_REGION_CODE) continue;
    for (let up = parentCode(code); ; up = parentCode(up)) {
      parents.add(up);
      if (up === ROOT_REGION_CODE) break;
    }
  }
  return [...parents];
}

/** Forgets everything (tests). */
export function resetRegionCache(): void {
  queryClient.removeQueries({ queryKey: queryKeys.regions });
}
