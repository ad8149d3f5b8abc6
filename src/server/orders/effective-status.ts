import { sql, type SQL } from 'drizzle-orm';
import type { PolicyStatus } from '../../contract/order.ts';
import { applicationForms } from '../db/schema.ts';

/** When the stored status stops telling the truth by itself. */
export interface StatusClock {
  now: Date;
  /** Unpaid orders created before this instant have timed out. */
  paymentDeadline: Date;
}

export function statusClock(now: Date, paymentTimeoutMinutes: number): StatusClock {
  return { now, paymentDeadline: new Date(now.getTime() - paymentTimeoutMinutes * 60_000) };
}

/**
 * The status a user sees. Time-driven transitions (unpaid → 支付超时, 待起保 →
 * 保障中 → 已过期) are derived when read instead of written by a scheduler, so
 * they are exact to the second and need no background job. Stored transitions
 * (payment, issuance, cancellation) stay in the `status` column.
 */
export function effectiveStatusSql(clock: StatusClock): SQL<PolicyStatus> {
  const f = applicationForms;
  const now = clock.now.toISOString();
  const deadline = clock.paymentDeadline.toISOString();
  return sql<PolicyStatus>`(case
    when ${f.status} = 'toBePaid' and ${f.createdAt} <= ${deadline}::timestamptz then 'paymentTimeout'
    when ${f.status} in ('waitInsurance', 'guarantee') and ${f.endDate} <= ${now}::timestamptz then 'policyOverdue'
    when ${f.status} = 'waitInsurance' and ${f.startDate} <= ${now}::timestamptz then 'guarantee'
    else ${f.status} end)`;
}

/** Statuses during which a person counts as insured (or about to be) for the repeat-insurance check. */
export const LIVE_STATUSES: readonly PolicyStatus[] = ['toBePaid', 'waitIssue', 'waitInsurance', 'guarantee'];
