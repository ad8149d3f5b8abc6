/**
 * The claim query job (docs/claims.md): a claim handed to an insurer that
 * can be asked (its provider has `queryClaim`) is due for a query
 * INSURER_QUERY_AFTER_MINUTES after its report or supplement, so a callback
 * that never comes does not leave the parent at 已报案 or 资料审核中. On each
 * lifecycle tick the due claims are taken up (db/claim-due.ts: one
 * statement, FOR UPDATE SKIP LOCKED, a lease, so one instance asks about a
 * claim at a time) and the insurer is asked: a decision is applied as a
 * callback's is (once, and only while the claim still has the status it had
 * when asked); a claim still waiting for the insurer, or a failed query, is
 * asked again later with a growing wait; a claim waiting for the parent
 * (需补充资料) or decided is not asked again.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { backoffMs, claimDue, type Claimed } from '../db/claim-due.ts';
import { claims } from '../db/schema.ts';
import { QUERY_LEASE_MS, queryAfterMs } from '../orders/insurer-queries.ts';
import { applyClaimOutcome } from './operations/send-claim.ts';

type ClaimQueryDeps = Pick<AppDeps, 'db' | 'now' | 'insurer' | 'config' | 'sms'>;

/** The longest wait between two queries of one claim: a review can take days. */
const RETRY_MAX_MS = 6 * 3_600_000;
const BATCH = 20;

/** Whether the claim waits for the insurer's decision: sent and not yet accepted, or under review. */
const waitsForInsurer = (row: { status: string; sentAt: Date | null }) => row.status === 'reviewing' || (row.status === 'reported' && row.sentAt !== null);

export interface ClaimQueryRunResult {
  /** Decisions applied from the insurer's answer. */
  applied: number;
  /** Asked, and still waiting for the insurer. */
  waiting: number;
  /** Decided or waiting for the parent already: nothing asked. */
  closed: number;
  /** Failed queries, asked again later. */
  failed: number;
}

export class ClaimQueries {
  constructor(
    private readonly deps: ClaimQueryDeps,
    private readonly log: FastifyBaseLogger,
  ) {}

  async runOnce(options: { random?: () => number } = {}): Promise<ClaimQueryRunResult> {
    const result: ClaimQueryRunResult = { applied: 0, waiting: 0, closed: 0, failed: 0 };
    if (!this.deps.insurer.queryClaim) return result;
    const taken = await claimDue(
      this.deps.db,
      { table: claims, id: claims.id, nextAttemptAt: claims.nextQueryAt, attempts: claims.queryAttempts },
      { now: this.deps.now(), leaseMs: QUERY_LEASE_MS, limit: BATCH, where: sql`${claims.nextQueryAt} is not null` },
    );
    for (const claim of taken) result[await this.askOne(claim, options.random ?? Math.random)] += 1;
    return result;
  }

  private async askOne(taken: Claimed, random: () => number): Promise<keyof ClaimQueryRunResult> {
    const { db } = this.deps;
    // The fence: this run writes only while it still holds the claim (a send counts the runs up too).
    const held = and(eq(claims.id, taken.id), eq(claims.queryAttempts, taken.attempts));
    const later = async (queryError: string | null) => {
      const wait = backoffMs(taken.attempts, queryAfterMs(this.deps), RETRY_MAX_MS, random);
      await db.update(claims).set({ nextQueryAt: new Date(this.deps.now().getTime() + wait), queryError }).where(held);
    };
    const done = () => db.update(claims).set({ nextQueryAt: null, queryError: null }).where(held);
    const read = async () => (await db.select({ claimNo: claims.claimNo, status: claims.status, sentAt: claims.sentAt }).from(claims).where(held).limit(1))[0];
    const before = await read();
    if (!before || !waitsForInsurer(before)) {
      await done();
      return 'closed';
    }
    const fields = { claimNo: before.claimNo, attempt: taken.attempts };
    try {
      const outcome = await this.deps.insurer.queryClaim!(before.claimNo);
      const moved = outcome ? await applyClaimOutcome(this.deps, outcome, this.log, before.status) : undefined;
      const after = await read();
      if (after && waitsForInsurer(after)) await later(null);
      else await done();
      if (moved) this.log.info({ ...fields, status: moved }, 'claim decision applied from a query');
      return moved ? 'applied' : 'waiting';
    } catch (error) {
      await later((error instanceof Error ? error.message : String(error)).slice(0, 300));
      this.log.warn({ ...fields, err: error }, 'claim query failed: asked again later');
      return 'failed';
    }
  }
}
