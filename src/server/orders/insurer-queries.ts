/**
 * The insurer query job: an order handed to an insurer that can be asked
 * (its provider has `query`) is recorded in insurer_submissions, due after
 * INSURER_QUERY_AFTER_MINUTES. On each lifecycle tick the due rows are
 * claimed (db/claim-due.ts: one statement, FOR UPDATE SKIP LOCKED, a lease,
 * so one instance asks about an order at a time) and the insurer is asked:
 * an outcome is applied like a callback's (once), an application the insurer
 * never received is handed over again (idempotent by order code), a pending
 * one or a failed query is asked again later with a growing wait.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { backoffMs, claimDue, type Claimed } from '../db/claim-due.ts';
import { insurerSubmissions } from '../db/schema.ts';
import { DatabaseNonceStore } from '../providers/insurer/gateway-insurer-provider.ts';
import { isAsyncInsurer, type IssueOutcome } from '../providers/insurer/insurer-provider.ts';
import { applyIssueOutcome, issueRequestOf } from './issuance.ts';
import { getFormView } from './orders-repo.ts';

type QueryDeps = Pick<AppDeps, 'db' | 'now' | 'insurer' | 'config'>;

/** Default wait before an application without outcome is asked about. */
export const DEFAULT_QUERY_AFTER_MINUTES = 10;
/** How long a run holds a claimed row: longer than one query with its retries. */
export const QUERY_LEASE_MS = 5 * 60_000;
const RETRY_MAX_MS = 3_600_000;
const BATCH = 20;

/** How long after a hand-over (an application, a claim) the insurer is first asked: INSURER_QUERY_AFTER_MINUTES. */
export const queryAfterMs = (deps: Pick<AppDeps, 'config'>) => (deps.config.insurerQueryAfterMinutes ?? DEFAULT_QUERY_AFTER_MINUTES) * 60_000;

/** Records that an order is handed over (once per order), due for a query after the configured wait. */
export async function recordSubmission(deps: Pick<AppDeps, 'db' | 'now' | 'config'>, orderId: number): Promise<void> {
  const due = new Date(deps.now().getTime() + queryAfterMs(deps));
  await deps.db.insert(insurerSubmissions).values({ orderId, nextAttemptAt: due }).onConflictDoNothing();
}

export interface QueryRunResult {
  /** Outcomes applied from the insurer's answer. */
  applied: number;
  /** Still pending at the insurer, or handed over again. */
  waiting: number;
  /** Orders that had their outcome already (by callback): nothing asked. */
  closed: number;
  /** Failed queries, asked again later. */
  failed: number;
}

export class InsurerQueries {
  private readonly nonces: DatabaseNonceStore;

  constructor(
    private readonly deps: QueryDeps,
    private readonly log: FastifyBaseLogger,
  ) {
    this.nonces = new DatabaseNonceStore(deps.db);
  }

  /** Claims the due rows and asks about each; also forgets nonces past the signature window. */
  async runOnce(options: { random?: () => number } = {}): Promise<QueryRunResult> {
    const result: QueryRunResult = { applied: 0, waiting: 0, closed: 0, failed: 0 };
    const now = this.deps.now();
    await this.nonces.purge(now);
    if (!this.deps.insurer.query) return result;
    const claimed = await claimDue(
      this.deps.db,
      { table: insurerSubmissions, id: insurerSubmissions.id, nextAttemptAt: insurerSubmissions.nextAttemptAt, attempts: insurerSubmissions.attempts },
      { now, leaseMs: QUERY_LEASE_MS, limit: BATCH, where: sql`${insurerSubmissions.nextAttemptAt} is not null` },
    );
    for (const claim of claimed) result[await this.askOne(claim, options.random ?? Math.random)] += 1;
    return result;
  }

  private async askOne(claim: Claimed, random: () => number): Promise<keyof QueryRunResult> {
    const { db } = this.deps;
    // The fence: this run writes only while it still holds the claim.
    const held = and(eq(insurerSubmissions.id, claim.id), eq(insurerSubmissions.attempts, claim.attempts));
    const later = async (lastError: string | null) => {
      const wait = backoffMs(claim.attempts, queryAfterMs(this.deps), RETRY_MAX_MS, random);
      await db.update(insurerSubmissions).set({ nextAttemptAt: new Date(this.deps.now().getTime() + wait), lastError }).where(held);
    };
    const done = () => db.update(insurerSubmissions).set({ nextAttemptAt: null, lastError: null }).where(held);
    const [row] = await db.select({ orderId: insurerSubmissions.orderId }).from(insurerSubmissions).where(held).limit(1);
    const view = row ? await getFormView(db, { orderId: row.orderId }) : undefined;
    if (!view || view.status !== 'waitIssue') {
      await done();
      return 'closed';
    }
    const fields = { orderCode: view.orderCode, attempt: claim.attempts };
    try {
      const state = await this.deps.insurer.query!(view.orderCode);
      if (state.state === 'issued' || state.state === 'refused') {
        const outcome: IssueOutcome =
          state.state === 'issued'
            ? { applicationFormCode: view.applicationFormCode, ok: true, policyNo: state.policyNo }
            : { applicationFormCode: view.applicationFormCode, ok: false, reason: state.reason };
        await applyIssueOutcome(this.deps, outcome, this.log);
        await done();
        this.log.info({ ...fields, state: state.state }, 'insurer outcome applied from a query');
        return 'applied';
      }
      if (state.state === 'unknown' && isAsyncInsurer(this.deps.insurer)) {
        // Never received (a lost request): handed over again under the same order code.
        await this.deps.insurer.submit(await issueRequestOf(this.deps.db, view));
        this.log.warn(fields, 'insurer had no such application: handed over again');
      }
      await later(null);
      return 'waiting';
    } catch (error) {
      await later((error instanceof Error ? error.message : String(error)).slice(0, 300));
      this.log.warn({ ...fields, err: error }, 'insurer query failed: asked again later');
      return 'failed';
    }
  }
}
