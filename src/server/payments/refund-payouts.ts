import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { backoffMs, claimDue, type Claimed } from '../db/claim-due.ts';
import { payments, refunds, type RefundReason } from '../db/schema.ts';
import { OutboundError } from '../providers/outbound.ts';
import type { RefundOutcome, RefundRequest, VerifiedRefundNotification } from '../providers/payment/payment-provider.ts';
import { recordVerifiedNotification } from './payments-repo.ts';

type PayoutDeps = Pick<AppDeps, 'db' | 'now' | 'payments'> & { hooks?: Pick<AppDeps['hooks'], 'afterRefundSent'> };

/** How long a run holds a claimed refund: longer than one provider call with its own retries. */
export const REFUND_LEASE_MS = 5 * 60_000;
/** First wait after a transient failure; doubles (with jitter) up to {@link RETRY_MAX_MS}. */
export const RETRY_BASE_MS = 60_000;
export const RETRY_MAX_MS = 6 * 3_600_000;
/** Runs after which a refund that never went through is given up (failed, for the operator to retry). */
export const MAX_REFUND_ATTEMPTS = 12;
/** Refunds taken up by one run. */
const BATCH = 20;

/** The reason the platform shows the payer (Alipay's refund_reason, WeChat's reason). */
const REASON_TEXT: Readonly<Record<RefundReason, string>> = {
  duplicatePayment: '重复支付退款',
  latePayment: '订单已关闭，退还支付款',
  issueFail: '保险公司出单失败，退还保费',
  surrender: '退保退费',
};

/** The first acceptance by the channel is kept (a query or notification later does not move it). */
const acceptedSince = (now: Date) => sql`coalesce(${refunds.acceptedAt}, ${now.toISOString()}::timestamptz)`;

/** Active refunds only: a final one (succeeded, failed) is never written by the job or a notification again. */
const ACTIVE = inArray(refunds.status, ['pending', 'processing']);

export interface RefundRunResult {
  succeeded: number;
  processing: number;
  failed: number;
  /** Transient failures, tried again later. */
  retried: number;
}

/**
 * The refund job: claims the due refunds (db/claim-due.ts: atomic, a lease,
 * SKIP LOCKED, so two runs or two instances never hold one refund at once)
 * and sends each to the channel its payment came from under its stable
 * refund number, or, once the channel accepted it (processing), asks the
 * channel how it went. A transient failure (OutboundError, network, 5xx) is
 * tried again after an exponential, jittered wait; a business refusal is
 * final (failed, the platform's words kept) and never sent again.
 */
export async function payOutDueRefunds(deps: PayoutDeps, log: FastifyBaseLogger, options: { random?: () => number } = {}): Promise<RefundRunResult> {
  const result: RefundRunResult = { succeeded: 0, processing: 0, failed: 0, retried: 0 };
  const claimed = await claimDue(
    deps.db,
    { table: refunds, id: refunds.id, nextAttemptAt: refunds.nextAttemptAt, attempts: refunds.attempts },
    { now: deps.now(), leaseMs: REFUND_LEASE_MS, limit: BATCH, where: ACTIVE },
  );
  for (const claim of claimed) {
    const outcome = await payOutOne(deps, claim, log, options.random ?? Math.random);
    result[outcome] += 1;
  }
  return result;
}

async function payOutOne(deps: PayoutDeps, claim: Claimed, log: FastifyBaseLogger, random: () => number): Promise<keyof RefundRunResult> {
  const [row] = await deps.db
    .select({
      refundNo: refunds.refundNo,
      status: refunds.status,
      amountFen: refunds.amountFen,
      reason: refunds.reason,
      tradeNo: payments.tradeNo,
      provider: payments.provider,
      totalFen: payments.amountFen,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, claim.id))
    .limit(1);
  // The fence: this run's writes land only while it still holds the claim and the refund is not final.
  const held = and(eq(refunds.id, claim.id), eq(refunds.attempts, claim.attempts), ACTIVE);
  if (!row) return 'retried';
  const provider = deps.payments.get(row.provider);
  const request: RefundRequest = {
    tradeNo: row.tradeNo,
    refundNo: row.refundNo,
    amountFen: row.amountFen,
    totalFen: row.totalFen,
    reason: REASON_TEXT[row.reason as RefundReason] ?? '退款',
  };
  const fields = { refundNo: row.refundNo, provider: row.provider, attempt: claim.attempts };
  let outcome: RefundOutcome;
  try {
    if (!provider?.refund) throw new OutboundError(`channel ${row.provider} cannot refund here`, false, 'no-refund');
    outcome = row.status === 'processing' && provider.queryRefund ? await askOrResend(provider, request) : await provider.refund(request);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    const now = deps.now();
    if (claim.attempts >= MAX_REFUND_ATTEMPTS) {
      await deps.db
        .update(refunds)
        .set({ status: 'failed', lastError: `gave up after ${claim.attempts} attempts: ${message}`, nextAttemptAt: null, updatedAt: now })
        .where(held);
      log.error({ ...fields, err: error }, 'refund given up');
      return 'failed';
    }
    const wait = backoffMs(claim.attempts, RETRY_BASE_MS, RETRY_MAX_MS, random);
    await deps.db.update(refunds).set({ lastError: message, nextAttemptAt: new Date(now.getTime() + wait), updatedAt: now }).where(held);
    log.warn({ ...fields, waitMs: wait, err: error }, 'refund not sent: tried again later');
    return 'retried';
  }
  deps.hooks?.afterRefundSent?.(row.refundNo);
  const state = await applyRefundOutcome(deps, held, outcome, claim.attempts, random);
  log.info({ ...fields, state, ...(outcome.state === 'refused' ? { refused: outcome.reason } : {}) }, 'refund sent');
  return state;
}

/** A refund the channel accepted: ask how it went; a channel that has no such refund (never received) gets it again. */
async function askOrResend(provider: NonNullable<ReturnType<PayoutDeps['payments']['get']>>, request: RefundRequest): Promise<RefundOutcome> {
  try {
    return await provider.queryRefund!(request);
  } catch (error) {
    // Alipay's REFUND_NOT_EXIST (and the sandboxes' after a restart): sending it again under the same number is safe.
    if (error instanceof OutboundError && error.vendorCode === 'REFUND_NOT_EXIST') return provider.refund!(request);
    throw error;
  }
}

/** Writes what the channel said, under `where` (the run's fence, or the notification's refund). */
async function applyRefundOutcome(
  deps: PayoutDeps,
  where: SQL | undefined,
  outcome: RefundOutcome,
  attempt: number,
  random: () => number,
): Promise<'succeeded' | 'processing' | 'failed'> {
  const now = deps.now();
  if (outcome.state === 'refused') {
    await deps.db.update(refunds).set({ status: 'failed', refusedReason: outcome.reason, nextAttemptAt: null, lastError: null, updatedAt: now }).where(where);
    return 'failed';
  }
  const platformRefundNo = outcome.platformRefundNo ? { platformRefundNo: outcome.platformRefundNo } : {};
  if (outcome.state === 'succeeded') {
    await deps.db
      .update(refunds)
      .set({ status: 'succeeded', ...platformRefundNo, acceptedAt: acceptedSince(now), paidAt: now, nextAttemptAt: null, lastError: null, updatedAt: now })
      .where(where);
    return 'succeeded';
  }
  // Accepted: asked again later (sooner at first), unless its notification comes first.
  const wait = backoffMs(attempt, RETRY_BASE_MS, RETRY_MAX_MS, random);
  await deps.db
    .update(refunds)
    .set({ status: 'processing', ...platformRefundNo, acceptedAt: acceptedSince(now), nextAttemptAt: new Date(now.getTime() + wait), lastError: null, updatedAt: now })
    .where(where);
  return 'processing';
}

/**
 * A channel's refund notification, verified by its provider: recorded once
 * (its notify id), then applied to the refund of that number and trade while
 * the refund is still active. A replay, or one arriving after the refund is
 * final, changes nothing.
 */
export async function applyRefundNotification(
  deps: PayoutDeps,
  providerName: string,
  notification: VerifiedRefundNotification,
  raw: string,
): Promise<'applied' | 'duplicate' | 'unknown'> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const fresh = await recordVerifiedNotification(tx, { ...notification, status: `refund:${notification.state}` }, providerName, raw, now);
    if (!fresh) return 'duplicate';
    const ofTrade = sql`${refunds.paymentId} in (select ${payments.id} from ${payments} where ${payments.tradeNo} = ${notification.tradeNo} and ${payments.provider} = ${providerName})`;
    const where = and(eq(refunds.refundNo, notification.refundNo), ofTrade, ACTIVE);
    const outcome: RefundOutcome =
      notification.state === 'succeeded' ? { state: 'succeeded' } : { state: 'refused', reason: notification.reason ?? 'refused by the channel' };
    const [found] = await tx.select({ id: refunds.id }).from(refunds).where(where).limit(1).for('update');
    if (!found) return 'unknown';
    await applyRefundOutcome({ ...deps, db: tx }, where, outcome, 0, Math.random);
    return 'applied';
  });
}

/** The refund job as the lifecycle scheduler runs it on each tick (tests call runOnce). */
export class RefundPayouts {
  constructor(
    private readonly deps: PayoutDeps,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Claims and sends the refunds due now; several in a row until a run finds fewer than a batch. */
  async runOnce(options: { random?: () => number } = {}): Promise<RefundRunResult> {
    const total: RefundRunResult = { succeeded: 0, processing: 0, failed: 0, retried: 0 };
    for (let round = 0; round < 10; round++) {
      const result = await payOutDueRefunds(this.deps, this.log, options);
      for (const key of Object.keys(total) as (keyof RefundRunResult)[]) total[key] += result[key];
      if (result.succeeded + result.processing + result.failed + result.retried < BATCH) break;
    }
    return total;
  }
}
