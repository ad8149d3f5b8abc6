/**
 * The policy lifecycle as one explicit state machine (docs/policy-lifecycle.md).
 *
 * Pure: one transition table, no I/O. Every status write of the server goes
 * through {@link transition}; the web reads {@link allowedEvents} to decide
 * which buttons a detail page shows. Statuses are those of spec §2's policy
 * detail pages; the events and the table are ours (the spec does not give them).
 */
import type { PolicyStatus } from './order.ts';
import { POLICY_STATUS_NAMES } from './policy-status.ts';

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

/** Statuses of an application that is not (yet, or never became) a policy: searchWxbAppList lists these. */
export const APPLICATION_STATUSES: readonly PolicyStatus[] = ['toBePaid', 'paymentTimeout', 'cancel', 'waitIssue', 'issueFail'];

/** Statuses an order can be deleted from (deleteOrder hides it from the list; nothing was paid or is in force). */
export const DELETABLE_STATUSES: readonly PolicyStatus[] = ['cancel', 'paymentTimeout'];

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

/** Issued: waiting for the start date, or already in force. */
export function issueEvent(startDate: Date, now: Date): 'issueWaiting' | 'issueInForce' {
  return startDate.getTime() > now.getTime() ? 'issueWaiting' : 'issueInForce';
}
