/**
 * What a staff member may change (docs/security.md, "Staff"): a role
 * (`staff_members.roles`) and, for the roster, a scope (`staff_members.scope`:
 * product codes, market ids, or `*`). A market covers the products its file in
 * manifests/markets/ lists (own or alias codes).
 */
import { STAFF_SCOPE_PATTERN } from '../../contract/promoter.ts';
import type { ManifestStore } from '../catalogue/manifest-store.ts';
import type { Db } from '../db/db.ts';
import type { StaffRole } from '../db/schema.ts';
import type { MarketStore } from '../markets/market-store.ts';
import { getStaffOfUser, type StaffRow } from './people-repo.ts';

/** The scope entry that covers every product. */
export const EVERY_PRODUCT = '*';

/** A scope entry as operators type it: a product code, a market id, or `*`. */
export const SCOPE_ENTRY = new RegExp(STAFF_SCOPE_PATTERN);

interface Catalogue {
  manifests: Pick<ManifestStore, 'byProductCode'>;
  markets: Pick<MarketStore, 'all'>;
}

/** Scope entries naming neither a product (own or alias code) nor a market of the catalogue (`*` is known). */
export function unknownScopeEntries(catalogue: Catalogue, scope: readonly string[]): string[] {
  return scope.filter((entry) => entry !== EVERY_PRODUCT && !catalogue.manifests.byProductCode(entry) && !catalogue.markets.all.some((m) => m.id === entry));
}

/** The ids of the markets offering a product, by its own code or any alias code. */
export function marketsOfProduct(catalogue: Catalogue, productCode: string): string[] {
  const own = catalogue.manifests.byProductCode(productCode)?.productCode ?? productCode;
  return catalogue.markets.all
    .filter((market) => market.products.some((code) => code === own || catalogue.manifests.byProductCode(code)?.productCode === own))
    .map((market) => market.id);
}

/** Whether the member's scope names the product (own or alias code), one of its markets, or every product. */
export function scopeCovers(catalogue: Catalogue, scope: readonly string[], productCode: string): boolean {
  if (scope.includes(EVERY_PRODUCT)) return true;
  const own = catalogue.manifests.byProductCode(productCode)?.productCode ?? productCode;
  if (scope.some((entry) => entry === own || catalogue.manifests.byProductCode(entry)?.productCode === own)) return true;
  return marketsOfProduct(catalogue, own).some((market) => scope.includes(market));
}

/** The caller's staff record when it has one of `roles`, else undefined. */
export async function staffWithRole(db: Db, userId: string, roles: readonly StaffRole[]): Promise<StaffRow | undefined> {
  const staff = await getStaffOfUser(db, userId);
  return staff && staff.roles.some((role) => roles.includes(role as StaffRole)) ? staff : undefined;
}
