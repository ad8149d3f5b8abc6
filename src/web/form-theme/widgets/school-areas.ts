/**
 * Counties for 添加学校, from the national region tree served level by level
 * by `user-svc/api/v1/getArea/{code}` (the region pickers' cache): nothing of
 * the tree is in the bundle.
 */
import { regionLevel } from '../../../engine/rules/regions.ts';
import { cachedRegionLabel, loadAreaChildren, loadRegionLabels } from '../../shared/api/regions.ts';

export interface County {
  value: string;
  label: string;
}

/** The counties under a province, city or county code (a county gives itself), in code order. */
export async function loadCountiesUnder(code: string): Promise<County[]> {
  const level = regionLevel(code);
  if (level === 'county') {
    await loadRegionLabels([code]);
    return [{ value: code, label: cachedRegionLabel(code) ?? code }];
  }
  if (level === 'city') return (await loadAreaChildren(code)).map(({ value, label }) => ({ value, label }));
  const cities = await loadAreaChildren(code);
  const counties = await Promise.all(cities.map((city) => loadAreaChildren(city.value)));
  return counties.flat().map(({ value, label }) => ({ value, label }));
}
