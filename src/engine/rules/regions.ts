/**
 * Mainland China administrative region codes (GB/T 2260), province level,
 * and helpers for 6-digit region codes (spec §3 "Region tree node").
 */

/**
 * Province-level regions keyed by their 2-digit code prefix.
 * Used to validate the region prefix of mainland ID numbers.
 */
export const PROVINCES: Readonly<Record<string, string>> = Object.freeze({
  '11': '北京',
  '12': '天津',
  '13': '河北',
  '14': '山西',
  '15': '内蒙古',
  '21': '辽宁',
  '22': '吉林',
  '23': '黑龙江',
  '31': '上海',
  '32': '江苏',
  '33': '浙江',
  '34': '安徽',
  '35': '福建',
  '36': '江西',
  '37': '山东',
  '41': '河南',
  '42': '湖北',
  '43': '湖南',
  '44': '广东',
  '45': '广西',
  '46': '海南',
  '50': '重庆',
  '51': '四川',
  '52': '贵州',
  '53': '云南',
  '54': '西藏',
  '61': '陕西',
  '62': '甘肃',
  '63': '青海',
  '64': '宁夏',
  '65': '新疆',
  '71': '台湾',
  '81': '香港',
  '82': '澳门',
});

/** Level of a node in the region tree. */
export type RegionLevel = 'province' | 'city' | 'county';

const CODE6 = /^\d{6}$/;

function assertCode6(code6: string): void {
  if (!CODE6.test(code6)) {
    throw new RangeError(`Region code must be 6 digits, got "${code6}"`);
  }
}

/**
 * Returns true when `prefix2` (the first two digits of a region code) is a
 * known province-level region.
 */
export function isProvincePrefix(prefix2: string): boolean {
  return /^\d{2}$/.test(prefix2) && Object.hasOwn(PROVINCES, prefix2);
}

/**
 * Level of a 6-digit region code: `XX0000` is a province, `XXYY00`
 * (YY ≠ 00) a city, anything else a county.
 *
 * @throws RangeError when `code6` is not exactly 6 ASCII digits.
 */
export function regionLevel(code6: string): RegionLevel {
  assertCode6(code6);
  if (code6.endsWith('0000')) return 'province';
  if (code6.endsWith('00')) return 'city';
  return 'county';
}

/**
 * The province-level code (`XX0000`) that contains `code6`.
 *
 * @throws RangeError when `code6` is not exactly 6 ASCII digits.
 */
export function provinceOf(code6: string): string {
  assertCode6(code6);
  return `${code6.slice(0, 2)}0000`;
}

/**
 * The city-level code (`XXYY00`) that contains `code6`, or `null` when
 * `code6` is itself a province-level code (it has no city).
 *
 * @throws RangeError when `code6` is not exactly 6 ASCII digits.
 */
export function cityOf(code6: string): string | null {
  if (regionLevel(code6) === 'province') return null;
  return `${code6.slice(0, 4)}00`;
}

/**
 * Chinese name of the province containing `code6` (any 6-digit code or a
 * 2-digit prefix), or `undefined` when the prefix is not in {@link PROVINCES}.
 */
export function provinceName(code: string): string | undefined {
  return PROVINCES[code.slice(0, 2)];
}

/** Pseudo code of the tree's root: its children are the provinces (getArea of 000000). */
export const ROOT_REGION_CODE = '000000';

/**
 * Spec §9 default domain code, Chongqing: where a visitor is placed when location is refused or fails, and
 * where the region picker opens for a product sold everywhere (no region of its own).
 */
export const DEFAULT_REGION_CODE = '500000';

/**
 * The parent of a 6-digit code by spec §3: a county's city XXYY00, a city's
 * province XX0000, a province's root {@link ROOT_REGION_CODE}.
 *
 * @throws RangeError when `code6` is not exactly 6 ASCII digits.
 */
export function parentCode(code6: string): string {
  const level = regionLevel(code6);
  if (level === 'province') return ROOT_REGION_CODE;
  if (level === 'city') return `${code6.slice(0, 2)}0000`;
  return `${code6.slice(0, 4)}00`;
}

/**
 * True when `code` lies inside `area`: the same code, or below it (a county
 * of a city, a city or county of a province), judged by the code alone.
 * False for anything that is not two 6-digit codes.
 */
export function regionWithin(code: string, area: string): boolean {
  if (!CODE6.test(code) || !CODE6.test(area)) return false;
  if (code === area) return true;
  const level = regionLevel(area);
  if (level === 'county') return false;
  return level === 'province' ? code.slice(0, 2) === area.slice(0, 2) : code.slice(0, 4) === area.slice(0, 4);
}

/** How specific an area code is: 3 county, 2 city, 1 province (a nearer market wins, docs/markets.md). */
export function regionDepth(code6: string): 1 | 2 | 3 {
  const level = regionLevel(code6);
  return level === 'province' ? 1 : level === 'city' ? 2 : 3;
}
