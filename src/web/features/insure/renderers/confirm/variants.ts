import type { ProductManifest } from '../../../../../engine/manifest/manifest-types.generated.ts';
import { ROUTES, withQuery } from '../../../../app/paths.ts';

/** The confirm renderer variants of spec §2 (single plan, multi plan, one-config products). */
export type ConfirmVariant = 'single' | 'multi' | 'oneConfig';

/** Section types the confirm renderer knows; a variant is an ordered list of them. */
export type ConfirmSectionType = 'product' | 'guarantee' | 'summary' | 'holder' | 'insureds' | 'wards' | 'health' | 'beneficiary' | 'cover';

/**
 * Layout of each variant. single: product, people, cover; multi (several
 * plans to choose from): also the chosen plan's guarantee table; oneConfig:
 * product, plan and cover in one summary card on top. Each shows the health
 * notice as answered after the people (nothing for a product without one).
 */
export const CONFIRM_LAYOUTS: Readonly<Record<ConfirmVariant, readonly ConfirmSectionType[]>> = {
  single: ['product', 'holder', 'insureds', 'wards', 'health', 'beneficiary', 'cover'],
  multi: ['product', 'guarantee', 'holder', 'insureds', 'wards', 'health', 'beneficiary', 'cover'],
  oneConfig: ['summary', 'holder', 'insureds', 'wards', 'health', 'beneficiary'],
};

/** The variant the manifest asks for; anything unknown (or none) is single. Never chosen by product code. */
export function confirmVariant(manifest: ProductManifest): ConfirmVariant {
  const variant: unknown = manifest.confirm?.variant;
  return variant === 'multi' || variant === 'oneConfig' ? variant : 'single';
}

const ROUTE_OF: Readonly<Record<ConfirmVariant, string>> = {
  single: ROUTES.confirmIndex,
  multi: ROUTES.confirmIndexForMulti,
  oneConfig: ROUTES.confirmIndexOneConfig,
};

/** The confirm route of a product: /confirmIndex, /confirmIndexForMulti or /confirmIndexOneConfig, with ?productCode=. */
export function confirmPath(manifest: ProductManifest): string {
  return withQuery(ROUTE_OF[confirmVariant(manifest)], { productCode: manifest.productCode });
}
