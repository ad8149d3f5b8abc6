import type { PolicyStatus } from '../../contract/order.ts';

/**
 * Statuses during which a person counts as insured (or about to be) for the
 * repeat-insurance check. Statuses are stored and moved by the lifecycle
 * (src/contract/policy-lifecycle.ts); nothing is derived from dates on read.
 */
export const LIVE_STATUSES: readonly PolicyStatus[] = ['toBePaid', 'waitIssue', 'waitInsurance', 'guarantee'];
