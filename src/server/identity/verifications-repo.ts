import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { identityVerifications } from '../db/schema.ts';

export type VerificationRow = typeof identityVerifications.$inferSelect;

export async function getVerification(db: Db, verId: string): Promise<VerificationRow | undefined> {
  const [row] = await db.select().from(identityVerifications).where(eq(identityVerifications.verId, verId)).limit(1);
  return row;
}

/** Inserts the outcome of a real-name check; false when the verId is already taken. */
export async function insertVerification(
  db: Db,
  input: { verId: string; userId: string; name: string; idNo: string; passed: boolean; reason: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(identityVerifications)
    .values({
      verId: input.verId,
      userId: input.userId,
      name: input.name,
      idNo: input.idNo,
      idStatus: input.passed ? 'passed' : 'failed',
      idReason: input.reason,
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: identityVerifications.verId })
    .returning({ verId: identityVerifications.verId });
  return rows.length > 0;
}

/** How long the link to the face page works. */
export const FACE_TICKET_TTL_MS = 10 * 60_000;

export async function startFace(db: Db, verId: string, input: { ticketHash: string; backUrl: string; vendorToken: string | null; now: Date }): Promise<void> {
  await db
    .update(identityVerifications)
    .set({ faceTicketHash: input.ticketHash, backUrl: input.backUrl, faceStatus: 'pending', faceStartedAt: input.now, faceVendorToken: input.vendorToken, faceReason: null })
    .where(eq(identityVerifications.verId, verId));
}

const liveTicket = (ticketHash: string, now: Date) =>
  and(
    eq(identityVerifications.faceTicketHash, ticketHash),
    eq(identityVerifications.faceStatus, 'pending'),
    gt(identityVerifications.faceStartedAt, new Date(now.getTime() - FACE_TICKET_TTL_MS)),
  );

export async function getByTicketHash(db: Db, ticketHash: string, now: Date): Promise<VerificationRow | undefined> {
  const [row] = await db.select().from(identityVerifications).where(liveTicket(ticketHash, now)).limit(1);
  return row;
}

/** Records the face outcome of the sandbox's page once: the ticket is used up by the same statement. */
export async function finishFace(db: Db, ticketHash: string, outcome: { passed: boolean; reason: string }, now: Date): Promise<VerificationRow | undefined> {
  const [row] = await db
    .update(identityVerifications)
    .set({ faceStatus: outcome.passed ? 'passed' : 'failed', faceReason: outcome.passed ? null : outcome.reason, faceAt: now, faceTicketHash: null })
    .where(liveTicket(ticketHash, now))
    .returning();
  return row;
}

/**
 * The verification a vendor's return address names by its ticket, whatever
 * its state (the vendor may send the browser back long after the face page's
 * link expired, and a reload comes back after the outcome is recorded).
 */
export async function getByReturnTicket(db: Db, ticketHash: string): Promise<VerificationRow | undefined> {
  const [row] = await db.select().from(identityVerifications).where(eq(identityVerifications.faceTicketHash, ticketHash)).limit(1);
  return row;
}

/**
 * Records the vendor's outcome of a face check once: only while the
 * verification still waits for the check of that vendor token (a check
 * started again since, or an outcome already recorded, is left alone).
 */
export async function recordVendorFace(
  db: Db,
  input: { verId: string; vendorToken: string; passed: boolean; reason: string; now: Date },
): Promise<VerificationRow | undefined> {
  const [row] = await db
    .update(identityVerifications)
    .set({ faceStatus: input.passed ? 'passed' : 'failed', faceReason: input.passed ? null : input.reason, faceAt: input.now })
    .where(
      and(
        eq(identityVerifications.verId, input.verId),
        eq(identityVerifications.faceVendorToken, input.vendorToken),
        eq(identityVerifications.faceStatus, 'pending'),
      ),
    )
    .returning();
  return row;
}
