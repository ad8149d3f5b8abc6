import type { ApplicationFormInput } from '../../contract/order.ts';
import type { PolicyStatus } from '../../contract/order.ts';
import { RENEWABLE_STATUSES } from '../../contract/policy-lifecycle.ts';
import type { ProductManifest } from '../../engine/manifest/manifest-types.generated.ts';
import type { AuthUser } from '../auth/access-token.ts';
import type { ManifestStore } from '../catalogue/manifest-store.ts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { applicationForms, orders } from '../db/schema.ts';
import { forbidden, notFound, rejected } from '../http/envelope.ts';

/** Stored renewal data of an application form (spec §4 Renewal). */
export interface StoredRenewal {
  renewalTimes: number;
  renewalLastPolicyNo: string;
}

/** True for the renewal products (manifest `renewal: true`). */
export function isRenewable(manifest: ProductManifest | undefined): boolean {
  return manifest?.renewal === true;
}

/** The renewal times stored on a form, 0 when it was not a renewal. */
export function renewalTimesOf(renewal: unknown): number {
  const times = (renewal as Partial<StoredRenewal> | null)?.renewalTimes;
  return typeof times === 'number' && Number.isInteger(times) && times >= 0 ? times : 0;
}

/**
 * The renewal data to store with a new order, or null when it is not a
 * renewal. The last policy must be the caller's (else 4003; unknown 4004), be
 * issued, and belong to a renewal product whose manifest is the one being
 * bought (a renewal renews the same product). renewalTimes is the last
 * policy's own count plus 1 (1 when it was no renewal): the client's count
 * is not trusted.
 */
export async function resolveRenewal(
  db: Db,
  manifests: ManifestStore,
  user: AuthUser,
  input: ApplicationFormInput,
  manifest: ProductManifest,
): Promise<StoredRenewal | null> {
  // The `renewal` object, or the flat spec §3 field: any last policy named is verified.
  const policyNo = input.renewal?.renewalLastPolicyNo ?? input.renewalLastPolicyNo;
  if (!policyNo) return null;
  const [last] = await db
    .select({
      userId: orders.userId,
      productCode: applicationForms.productCode,
      status: applicationForms.status,
      renewal: applicationForms.renewal,
    })
    .from(applicationForms)
    .innerJoin(orders, eq(applicationForms.orderId, orders.id))
    .where(and(eq(applicationForms.policyNo, policyNo)))
    .limit(1);
  if (!last) throw notFound('续保保单');
  if (last.userId !== user.userId) throw forbidden('保单');
  const lastManifest = manifests.byProductCode(last.productCode);
  if (!isRenewable(lastManifest) || lastManifest !== manifest) throw rejected('该保单不支持续保');
  if (!RENEWABLE_STATUSES.includes(last.status as PolicyStatus)) throw rejected('该保单不支持续保');
  return { renewalTimes: renewalTimesOf(last.renewal) + 1, renewalLastPolicyNo: policyNo };
}
