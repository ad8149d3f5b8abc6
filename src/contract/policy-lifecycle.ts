/**
 * The policy lifecycle as one explicit state machine (docs/policy-lifecycle.md).
 *
 * Pure: one transition table, no I/O. Every status write of the server goes
 * through {@link transition}; the web reads {@link allowedEvents} to decide
 * which buttons a detail page shows. Statuses are those of spec §2's policy
 * detail pages; the events and the table are ours (the spec does not give them).
 */
import type { PolicyStatus } from './order.ts';
import { POLICY_STATUSES, POLICY_STATUS_NAMES } from './policy-status.ts';

/** What makes a policy change status. */
export type PolicyEvent =
  /** A verified payment notification (or Isshoufei N at submission). */
  | 'pay'
  /** The scheduler: unpaid at the order's payment deadline. */
  | 'paymentTimeout'
  /** The holder cancels an unpaid order (cancelOrder). */
  | 'cancel'
  /** The insurer issued the policy and cover starts later. */
  | 'issueWaiting'
  /** The insurer issued the policy and cover has already started. */
  | 'issueInForce'
  /** The insurer refused: the premium is to be refunded. */
  | 'issueFail'
  /** The scheduler: the cover start date is reached. */
  | 'start'
  /** The scheduler: the cover end date is reached. */
  | 'expire'
  /** The holder surrenders (pol-svc/endorsement/v2/submitEndors). */
  | 'surrender';

/** Chinese name of each event, for refusal messages. */
export const POLICY_EVENT_NAMES: Readonly<Record<PolicyEvent, string>> = {
  pay: '支付',
  paymentTimeout: '支付超时',
  cancel: '取消订单',
  issueWaiting: '出单',
  issueInForce: '出单',
  issueFail: '出单失败',
  start: '起保',
  expire: '保单到期',
  surrender: '退保',
};

/** The one transition table: from → event → to. Anything not listed is refused. */
export const POLICY_TRANSITIONS: Readonly<Record<PolicyStatus, Partial<Readonly<Record<PolicyEvent, PolicyStatus>>>>> = {
  toBePaid: { pay: 'waitIssue', paymentTimeout: 'paymentTimeout', cancel: 'cancel' },
  waitIssue: { issueWaiting: 'waitInsurance', issueInForce: 'guarantee', issueFail: 'issueFail' },
  waitInsurance: { start: 'guarantee', expire: 'policyOverdue', surrender: 'surrender' },
  guarantee: { expire: 'policyOverdue', surrender: 'surrender' },
  paymentTimeout: {},
  cancel: {},
  issueFail: {},
  policyOverdue: {},
  surrender: {},
};

export type TransitionResult = { ok: true; from: PolicyStatus; to: PolicyStatus } | { ok: false; message: string };

/** The refusal message of an event that the status does not allow. */
export function refusalMessage(from: PolicyStatus, event: PolicyEvent): string {
  return `保单状态为「${POLICY_STATUS_NAMES[from]}」，不能${POLICY_EVENT_NAMES[event]}`;
}

/** Applies `event` to `from`: the next status, or a Chinese refusal. */
export function transition(from: PolicyStatus, event: PolicyEvent): TransitionResult {
  const to = POLICY_TRANSITIONS[from][event];
  return to ? { ok: true, from, to } : { ok: false, message: refusalMessage(from, event) };
}

/** The statuses from which `event` is allowed (what a conditional UPDATE must match). */
export function sourcesOf(event: PolicyEvent): PolicyStatus[] {
  return (Object.keys(POLICY_TRANSITIONS) as PolicyStatus[]).filter((from) => POLICY_TRANSITIONS[from][event] !== undefined);
}

/** Events allowed in a status. */
export function allowedEvents(from: PolicyStatus): PolicyEvent[] {
  return Object.keys(POLICY_TRANSITIONS[from]) as PolicyEvent[];
}

/** True when no event leads out of the status. */
export function isFinal(status: PolicyStatus): boolean {
  return allowedEvents(status).length === 0;
}

/*
 * Status groups. Each is derived from the transition table above, so a new
 * status or transition moves every group with it; none is written as a list.
 * Members are in the order of POLICY_STATUSES.
 */

/** The statuses an event leads to. */
export function targetsOf(event: PolicyEvent): PolicyStatus[] {
  return POLICY_STATUSES.filter((to) => POLICY_STATUSES.some((from) => POLICY_TRANSITIONS[from][event] === to));
}

/** `start` and every status reachable from it through the table, not following the events in `skip`. */
function reachableFrom(start: readonly PolicyStatus[], skip: readonly PolicyEvent[] = []): PolicyStatus[] {
  const seen = new Set<PolicyStatus>(start);
  const queue = [...start];
  for (let status = queue.shift(); status !== undefined; status = queue.shift()) {
    for (const [event, to] of Object.entries(POLICY_TRANSITIONS[status]) as [PolicyEvent, PolicyStatus][]) {
      if (skip.includes(event) || seen.has(to)) continue;
      seen.add(to);
      queue.push(to);
    }
  }
  return POLICY_STATUSES.filter((status) => seen.has(status));
}

/**
 * Paid: the statuses reachable once a payment applied (`pay` and whatever
 * happened after: issued, refused by the insurer, expired, surrendered).
 * Another payment for such an order is a duplicate (refunded); the holder may
 * rate it; the pay page says 该订单已支付.
 */
export const PAID_STATUSES: readonly PolicyStatus[] = reachableFrom(targetsOf('pay'));

/** Payable: the statuses the `pay` event leaves from (an order waiting for its payment). */
export const PAYABLE_STATUSES: readonly PolicyStatus[] = sourcesOf('pay');

/** Rateable: a holder rates what they paid for, whatever happened after (docs/ratings.md). */
export const RATEABLE_STATUSES: readonly PolicyStatus[] = PAID_STATUSES;

/**
 * Live: the statuses some event still leads out of (not final): unpaid, paid
 * and waiting for the insurer, waiting for the start, in force. A person in
 * such an order counts as insured (or about to be) for the repeat-insurance check.
 */
export const LIVE_STATUSES: readonly PolicyStatus[] = POLICY_STATUSES.filter((status) => !isFinal(status));

/** Issued: the statuses reachable once the insurer issued the policy (waiting, in force, expired, surrendered). */
export const ISSUED_STATUSES: readonly PolicyStatus[] = reachableFrom([...targetsOf('issueWaiting'), ...targetsOf('issueInForce')]);

/** Renewable: issued and not surrendered (waiting for the start, in force, or expired). */
export const RENEWABLE_STATUSES: readonly PolicyStatus[] = reachableFrom([...targetsOf('issueWaiting'), ...targetsOf('issueInForce')], ['surrender']);

/** Applications: an order that is not (yet, or never became) a policy, i.e. not issued; searchWxbAppList lists these. */
export const APPLICATION_STATUSES: readonly PolicyStatus[] = POLICY_STATUSES.filter((status) => !ISSUED_STATUSES.includes(status));

/** Deletable: final and never paid (cancelled, timed out); deleteOrder hides such an order from the list. */
export const DELETABLE_STATUSES: readonly PolicyStatus[] = POLICY_STATUSES.filter((status) => isFinal(status) && !PAID_STATUSES.includes(status));

/** Issued: waiting for the start date, or already in force. */
export function issueEvent(startDate: Date, now: Date): 'issueWaiting' | 'issueInForce' {
  return startDate.getTime() > now.getTime() ? 'issueWaiting' : 'issueInForce';
}

/** Valid (有效保单 of the promoter area): issued and not final, i.e. waiting for the start or in force. */
export const VALID_STATUSES: readonly PolicyStatus[] = /* @__PURE__ */ ISSUED_STATUSES.filter((status) => !isFinal(status));

/** Reversed: paid, then taken back (surrendered, or refused by the insurer and refunded): final, paid and not expired in force. */
export const REVERSED_STATUSES: readonly PolicyStatus[] = /* @__PURE__ */ PAID_STATUSES.filter((status) => isFinal(status) && !RENEWABLE_STATUSES.includes(status));

/** With an e-policy to mail: issued and not surrendered (the same statuses a renewal starts from). */
export const E_POLICY_STATUSES: readonly PolicyStatus[] = RENEWABLE_STATUSES;

/** Earning a promoter's reward once the cover has started: in force or expired (waiting, surrendered and refunded sales earn none). */
export const REWARDED_STATUSES: readonly PolicyStatus[] = /* @__PURE__ */ reachableFrom([...targetsOf('start'), ...targetsOf('issueInForce')], ['surrender']);
