import { POLICY_STATUS_LIST, type PolicyStatus } from './order.ts';

/** Every order/policy status, in the order of the PolicyStatus schema (also the DB CHECK constraints). */
export const POLICY_STATUSES: readonly PolicyStatus[] = POLICY_STATUS_LIST;

/** Chinese name of each status, as shown on the policy list (statusName). */
export const POLICY_STATUS_NAMES: Readonly<Record<PolicyStatus, string>> = {
  toBePaid: '待支付',
  paymentTimeout: '支付超时',
  waitIssue: '待出单',
  issueFail: '出单失败',
  waitInsurance: '待起保',
  guarantee: '保障中',
  policyOverdue: '已过期',
  surrender: '已退保',
  cancel: '已取消',
};
