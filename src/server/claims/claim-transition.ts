/**
 * The one place a claim's status changes (docs/claims.md): the event is
 * looked up in the contract's transition table (`claimTransition`), the row
 * is updated only while it still has the status read (two changes at once:
 * one wins, the other is a no-op), the history row is written in the same
 * transaction, and the holder is texted the new status.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CLAIM_STATUS_NAMES, claimTransition, type ClaimEvent, type ClaimStatus } from '../../contract/claims.ts';
import type { AppDeps } from '../app-deps.ts';
import { claimEvents, claims } from '../db/schema.ts';

export interface ClaimChange {
  note?: string | null;
  amountFen?: number;
  insurerClaimNo?: string;
}

/** The claim as the transition needs it. */
export interface MovableClaim {
  id: number;
  claimNo: string;
  status: ClaimStatus;
  holder: unknown;
}

/** Moves the claim by `event`: the new status, or undefined when the table refuses it or another change came first. */
export async function moveClaim(
  deps: Pick<AppDeps, 'db' | 'now' | 'sms'>,
  claim: MovableClaim,
  event: ClaimEvent,
  change: ClaimChange,
  log?: FastifyBaseLogger,
): Promise<ClaimStatus | undefined> {
  const to = claimTransition(claim.status, event);
  if (!to) return undefined;
  const at = deps.now();
  const moved = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(claims)
      .set({
        status: to,
        updatedAt: at,
        ...(change.note !== undefined ? { insurerNote: change.note } : {}),
        ...(change.amountFen !== undefined ? { amountFen: change.amountFen } : {}),
        ...(change.insurerClaimNo !== undefined ? { insurerClaimNo: change.insurerClaimNo } : {}),
      })
      .where(and(eq(claims.id, claim.id), eq(claims.status, claim.status)))
      .returning({ id: claims.id });
    if (!row) return false;
    await tx.insert(claimEvents).values({ claimId: claim.id, event, fromStatus: claim.status, toStatus: to, at, note: change.note ?? null });
    return true;
  });
  if (!moved) return undefined;
  const phone = (claim.holder as { phone?: string } | null)?.phone;
  if (phone) {
    // The change stands whether or not the text goes out.
    await deps.sms.send(phone, 'claimStatus', { claimNo: claim.claimNo, status: CLAIM_STATUS_NAMES[to] }).catch((error: unknown) => log?.warn({ err: error, claimNo: claim.claimNo }, 'claim status text not sent'));
  }
  return to;
}
