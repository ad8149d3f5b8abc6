import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps.ts';
import { InsurerQueries } from './orders/insurer-queries.ts';
import { applyIssueOutcome } from './orders/issuance.ts';
import { ClaimQueries } from './claims/claim-queries.ts';
import { applyClaimOutcome } from './claims/operations/send-claim.ts';
import { LifecycleScheduler } from './orders/lifecycle-scheduler.ts';
import { RenewalReminders } from './orders/renewal-reminders.ts';
import { PendingTradeSync } from './payments/pending-trades.ts';
import { Reconciliation } from './payments/reconciliation.ts';
import { RefundPayouts } from './payments/refund-payouts.ts';
import { isAsyncInsurer } from './providers/insurer/insurer-provider.ts';
import type { Providers } from './providers/registry.ts';
import { RecordingRetention } from './recording/retention.ts';

/** Shutdown and test hooks a provider may have (sandboxes deliver asynchronously). */
interface Quiescent {
  stop?(): void;
  settled?(): Promise<void>;
}
export const quiescent = (provider: unknown) => provider as Quiescent;

/** The time-driven work a test reaches into (returned in the app's handles). */
export interface BackgroundJobs {
  /** The lifecycle's time-driven transitions (tests call runOnce with a moved clock). */
  lifecycle: LifecycleScheduler;
  /** The query path of real payment channels (tests call runOnce). */
  pendingTrades: PendingTradeSync;
  /** The refund job (tests call runOnce). */
  refundPayouts: RefundPayouts;
  /** The daily reconciliation (tests and `npm run reconcile`). */
  reconciliation: Reconciliation;
  /** The insurer query job: applications without outcome asked about (tests call runOnce). */
  insurerQueries: InsurerQueries;
  /** The renewal reminder texts (tests call runOnce). */
  renewalReminders: RenewalReminders;
  /** The claim query job: claims without the insurer's decision asked about (tests call runOnce). */
  claimQueries: ClaimQueries;
}

/**
 * Builds the time-driven jobs, starts their timers when the app is ready
 * (when LIFECYCLE_INTERVAL_MS asks for them) and stops them before it closes,
 * the insurer last: a job may still be waiting for its answer.
 */
export function scheduleBackgroundJobs(app: FastifyInstance, deps: AppDeps, providers: Providers): BackgroundJobs {
  const { db, now, config } = deps;
  // --- policies: asynchronous issuance outcomes, the time-driven transitions
  if (isAsyncInsurer(deps.insurer)) deps.insurer.onOutcome((outcome) => applyIssueOutcome(deps, outcome, app.log));
  // --- claims: the insurer's outcomes (accept, ask for more, pay, decline), each applied once (claims/operations/send-claim.ts)
  deps.insurer.onClaimOutcome?.(async (outcome) => void (await applyClaimOutcome(deps, outcome, app.log)));
  // --- payments: refunds sent to their channel by a durable job on the lifecycle's tick (payments/refund-payouts.ts)
  const refundPayouts = new RefundPayouts(deps, app.log);
  // --- payments: each real channel's bill of yesterday compared with payments and refunds (payments/reconciliation.ts)
  const reconciliation = new Reconciliation(deps, app.log);
  // --- policies: an insurer that can be asked is asked about applications without outcome (orders/insurer-queries.ts)
  const insurerQueries = new InsurerQueries(deps, app.log);
  // --- policies: the manifests' renewal reminders texted to holders, once per policy and day (orders/renewal-reminders.ts)
  const renewalReminders = new RenewalReminders(deps, app.log);
  // --- claims: an insurer that can be asked is asked about claims without its decision (claims/claim-queries.ts)
  const claimQueries = new ClaimQueries(deps, app.log);
  const lifecycle = new LifecycleScheduler({
    db,
    now,
    log: app.log,
    intervalMs: config.lifecycleIntervalMs,
    tickJobs: [
      { name: 'refund pay-outs', run: () => refundPayouts.runOnce() },
      { name: 'reconciliation', run: () => reconciliation.runOnce() },
      { name: 'insurer queries', run: () => insurerQueries.runOnce() },
      { name: 'renewal reminders', run: () => renewalReminders.runOnce() },
      { name: 'claim queries', run: () => claimQueries.runOnce() },
    ],
  });
  // --- recording: abandoned recordings purged after their retention (started with the lifecycle's timers)
  const retention = new RecordingRetention({ db, storage: providers.storage, log: app.log });
  // --- payments: real channels asked about trades whose notification is late (payments/pending-trades.ts)
  const pendingTrades = new PendingTradeSync(deps, app.log);
  app.addHook('onReady', async () => {
    if (config.lifecycleIntervalMs) {
      lifecycle.start();
      retention.start();
      pendingTrades.start(Math.max(config.lifecycleIntervalMs, 30_000));
    }
  });
  app.addHook('preClose', async () => {
    await pendingTrades.stop();
    await retention.stop();
    await lifecycle.stop();
    const insurer = quiescent(deps.insurer);
    await insurer.settled?.();
    insurer.stop?.();
  });
  return { lifecycle, pendingTrades, refundPayouts, reconciliation, insurerQueries, renewalReminders, claimQueries };
}
