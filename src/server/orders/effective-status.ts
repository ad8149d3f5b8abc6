import type { PolicyStatus } from '../../contract/order.ts';

/**
 * Statuses are stored and moved by the lifecycle (src/contract/policy-lifecycle.ts:
 * payment, issuance, cancel, surrender, and the scheduler for the time-driven
 * ones); nothing is derived from dates on read any more. The clock below is
 * kept because callers still pass it around; it no longer changes a status.
 */
export interface StatusClock {
  now: Date;
  /** Unpaid orders created before this instant have timed out (informational). */
  paymentDeadline: Date;
}

export function statusClock(now: Date, paymentTimeoutMinutes: number): StatusClock {
  return { now, paymentDeadline: new Date(now.getTime() - paymentTimeoutMinutes * 60_000) };
}

/** Statuses during which a person counts as insured (or about to be) for the repeat-insurance check. */
export const LIVE_STATUSES: readonly PolicyStatus[] = ['toBePaid', 'waitIssue', 'waitInsurance', 'guarantee'];
