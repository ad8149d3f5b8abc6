import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import { DEFAULT_REGION_CODE } from '../../engine/rules/regions.ts';

/** One area the catalogue sells in, with the products sold there. */
export interface SalesArea {
  /** City code (XXYY00), or the default domain (province 500000) for products sold everywhere. */
  code: string;
  productCodes: string[];
}

/**
 * The sales areas of the catalogue, derived from the manifests: each
 * product's `region.cityCode`; products without a region (sold nationwide)
 * count for the default domain (spec §9: 500000, Chongqing), where the app
 * opens when it knows no place. The school directory must cover every one
 * (a test fails for a new city without schools).
 */
export function salesAreas(manifests: readonly ProductManifest[]): SalesArea[] {
  const byCode = new Map<string, string[]>();
  for (const m of manifests) {
    const code = m.region?.cityCode ?? DEFAULT_REGION_CODE;
    byCode.set(code, [...(byCode.get(code) ?? []), m.productCode]);
  }
  return [...byCode.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([code, productCodes]) => ({ code, productCodes }));
}
