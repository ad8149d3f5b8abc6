/**
 * Names and counties of 6-digit region codes for the school directory (which
 * counties a sales city has, whether an added school's county exists), read
 * from the engine's national region table: the same tree the region pickers
 * and the manifest checks use.
 */
import { findRegion, regionChain, regionChildren, regionFullName } from '../../engine/regions/region-table.ts';
import { regionLevel as levelOfCode, type RegionLevel } from '../../engine/rules/regions.ts';

export type { RegionLevel };

/** Spec §3: the first two digits alone mean a province, with the next two a city, and the last two a county. */
export function regionLevel(code: string): RegionLevel {
  return levelOfCode(code);
}

/** A county of the national tree, with its province and city codes (6 digits). */
export interface County {
  code: string;
  name: string;
  provinceCode: string;
  cityCode: string;
  /** The city's name (a municipality's city node carries the municipality's name). */
  cityName: string;
}

function toCounty(code: string): County | undefined {
  const chain = regionChain(code);
  const [province, city, county] = chain;
  if (!province || !city || !county || county.level !== 'county') return undefined;
  return { code: county.value, name: county.label, provinceCode: province.value, cityCode: city.value, cityName: city.label };
}

/** The counties under a province, city or county code (a county code gives itself), in code order. */
export function countiesOf(code: string): County[] {
  const level = regionLevel(code);
  const codes =
    level === 'county'
      ? [code]
      : level === 'city'
        ? regionChildren(code).map((n) => n.value)
        : regionChildren(code).flatMap((city) => regionChildren(city.value).map((n) => n.value));
  return codes.map(toCounty).filter((c): c is County => c !== undefined);
}

/** A county by code, or undefined when the national tree does not know it. */
export function countyByCode(code: string): County | undefined {
  return findRegion(code)?.level === 'county' ? toCounty(code) : undefined;
}

/** The name of a province, city or county code ("江苏省徐州市"), or undefined. */
export function regionName(code: string): string | undefined {
  return regionFullName(code);
}
