/** The queries of claims (docs/claims.md): rows with their policy, the files, the history. */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../app-deps.ts';
import type { Db } from '../db/db.ts';
import { applicationForms, claimEvents, claimFiles, claims, orders } from '../db/schema.ts';
import { queryAfterMs } from '../orders/insurer-queries.ts';
import { visibleTo, type Promoter } from '../promoters/promoter-area-repo.ts';

/** Newest first, at most this many on a list. */
export const CLAIM_LIST_LIMIT = 100;

function claimColumns() {
  return {
    id: claims.id,
    claimNo: claims.claimNo,
    userId: claims.userId,
    applicationFormId: claims.applicationFormId,
    insuredIndex: claims.insuredIndex,
    kind: claims.kind,
    accidentDate: claims.accidentDate,
    accidentPlace: claims.accidentPlace,
    description: claims.description,
    accountName: claims.accountName,
    bankName: claims.bankName,
    accountNoCipher: claims.accountNoCipher,
    accountNoMasked: claims.accountNoMasked,
    status: claims.status,
    amountFen: claims.amountFen,
    insurerNote: claims.insurerNote,
    insurerClaimNo: claims.insurerClaimNo,
    sentAt: claims.sentAt,
    createdAt: claims.createdAt,
    policyNo: applicationForms.policyNo,
    productCode: applicationForms.productCode,
    productName: applicationForms.productName,
    holder: applicationForms.holder,
    insureds: applicationForms.insureds,
  };
}

export type ClaimRow = Awaited<ReturnType<typeof listClaims>>[number];

/** Claims matching `where`, newest first, with their policy. */
export function listClaims(db: Db, where: SQL | undefined) {
  return db
    .select(claimColumns())
    .from(claims)
    .innerJoin(applicationForms, eq(applicationForms.id, claims.applicationFormId))
    .where(where)
    .orderBy(desc(claims.createdAt), desc(claims.id))
    .limit(CLAIM_LIST_LIMIT);
}

export async function getClaim(db: Db, claimNo: string): Promise<ClaimRow | undefined> {
  const [row] = await listClaims(db, eq(claims.claimNo, claimNo));
  return row;
}

export const ownClaims = (userId: string) => eq(claims.userId, userId);

/** The claims of the forms a promoter may see: their sales and their bound customers' forms. */
export const claimsVisibleTo = (promoter: Promoter) =>
  inArray(claims.applicationFormId, sql`(select af.id from ${applicationForms} af join ${orders} o on o.id = af.order_id where ${visibleTo(promoter)})`);

export function visibleClaim(db: Db, claimNo: string, promoter: Promoter) {
  return listClaims(db, and(eq(claims.claimNo, claimNo), claimsVisibleTo(promoter))).then((rows) => rows[0]);
}

export function filesOf(db: Db, claimId: number) {
  return db.select().from(claimFiles).where(eq(claimFiles.claimId, claimId)).orderBy(asc(claimFiles.createdAt), asc(claimFiles.id));
}

export function historyOf(db: Db, claimId: number) {
  return db.select().from(claimEvents).where(eq(claimEvents.claimId, claimId)).orderBy(asc(claimEvents.id));
}

/**
 * The columns a report or supplement sets for the claim query job
 * (claims/claim-queries.ts): the query due after the configured wait, and the
 * runs counted up, so a run that took the claim up before it was sent writes
 * nothing over the new schedule.
 */
export function claimQueryScheduled(deps: Pick<AppDeps, 'now' | 'config'>) {
  return { nextQueryAt: new Date(deps.now().getTime() + queryAfterMs(deps)), queryAttempts: sql`${claims.queryAttempts} + 1`, queryError: null };
}
