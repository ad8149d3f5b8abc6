/**
 * Who reaches a claim (docs/claims.md, "Who sees what"): its reporter does;
 * compliance staff read every claim and a promoter the claims of their sales
 * and their customers, masked like everyone; anyone else gets 4003, and an
 * unknown claim number 4004.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../auth/access-token.ts';
import { getStaffOfUser } from '../../auth/people-repo.ts';
import type { Db } from '../../db/db.ts';
import { claims } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/envelope.ts';
import { isPromoter } from '../../promoters/promoters-repo.ts';
import { claimsVisibleTo, getClaim, listClaims, type ClaimRow } from '../claims-repo.ts';

export const CLAIM = '理赔申请';

/** The caller's own claim: what the calls that change one require. */
export async function requireOwnClaim(db: Db, user: AuthUser, claimNo: string): Promise<ClaimRow> {
  const row = await getClaim(db, claimNo);
  if (!row) throw notFound(CLAIM);
  if (row.userId !== user.userId) throw forbidden(CLAIM);
  return row;
}

/** The claims a staff member may read: undefined for every claim (compliance), a condition for a promoter; anyone else 4003. */
export async function staffClaimScope(db: Db, user: AuthUser): Promise<SQL | undefined> {
  const staff = await getStaffOfUser(db, user.userId);
  if (staff?.roles.includes('compliance')) return undefined;
  const promoter = { id: user.userId, userCode: user.userCode };
  if (await isPromoter(db, promoter)) return claimsVisibleTo(promoter);
  throw forbidden(CLAIM);
}

/** A claim the caller may read: their own, or one their staff scope covers. */
export async function requireReadableClaim(db: Db, user: AuthUser, claimNo: string): Promise<ClaimRow> {
  const row = await getClaim(db, claimNo);
  if (!row) throw notFound(CLAIM);
  if (row.userId === user.userId) return row;
  const scope = await staffClaimScope(db, user);
  if (scope === undefined) return row;
  const [visible] = await listClaims(db, and(eq(claims.claimNo, claimNo), scope));
  if (!visible) throw forbidden(CLAIM);
  return visible;
}

/**
 * A claim whose photos the caller may see: the reporter's own, or any for compliance staff. A promoter reads
 * their customers' claims masked but never the photos of their medical records and receipts.
 */
export async function requirePhotoReader(db: Db, user: AuthUser, claimNo: string): Promise<ClaimRow> {
  const row = await getClaim(db, claimNo);
  if (!row) throw notFound(CLAIM);
  if (row.userId === user.userId) return row;
  if ((await getStaffOfUser(db, user.userId))?.roles.includes('compliance')) return row;
  throw forbidden(CLAIM);
}
