import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';

/*
 * The optional catalogue properties the server reads (aliasCodes, status,
 * renewalLabel), with their defaults, in one place.
 */

/** Extra product codes that resolve to the manifest (renewal or legacy codes sharing its detail page). */
export function aliasCodesOf(manifest: ProductManifest): readonly string[] {
  return manifest.aliasCodes ?? [];
}

/** The manifest's own code first, then its aliases. */
export function productCodesOf(manifest: ProductManifest): readonly string[] {
  return [manifest.productCode, ...aliasCodesOf(manifest)];
}

export type ProductStatus = 'online' | 'offline';

/** online unless the manifest says offline. */
export function statusOf(manifest: ProductManifest): ProductStatus {
  return manifest.status === 'offline' ? 'offline' : 'online';
}

export function isOnline(manifest: ProductManifest): boolean {
  return statusOf(manifest) === 'online';
}

/**
 * The renewal button label: the manifest's own (a required property, the one
 * source). An order whose product left the catalogue can only be bought again
 * as another product: 再次购买.
 */
export function renewalLabelOf(manifest: ProductManifest | undefined): string {
  return manifest?.renewalLabel ?? '再次购买';
}
