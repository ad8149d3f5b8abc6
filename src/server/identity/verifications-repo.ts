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

export async function startFace(db: Db, verId: string, input: { ticketHash: string; backUrl: string; now: Date }): Promise<void> {
  await db
    .update(identityVerifications)
    .set({ faceTicketHash: input.ticketHash, backUrl: input.backUrl, faceStatus: 'pending', faceStartedAt: input.now })
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

/** Records the face outcome once: the ticket is used up by the same statement. */
export async function finishFace(db: Db, ticketHash: string, passed: boolean, now: Date): Promise<VerificationRow | undefined> {
  const [row] = await db
    .update(identityVerifications)
    .set({ faceStatus: passed ? 'passed' : 'failed', faceAt: now, faceTicketHash: null })
    .where(liveTicket(ticketHash, now))
    .returning();
  return row;
}
