/** Pure helpers of the policy detail screen (tested in tests/web/policy-detail-model.test.ts). */
import type { PolicyStatus } from '../../../../../contract/order.ts';
import type { RefundView } from '../../../../../contract/policy.ts';
import { POLICY_DETAIL_ROUTE, ROUTES } from '../../../../app/paths.ts';
import { formatDay, formatYuan } from '../../../../shared/ui/format.ts';

/** What each status means to the holder (one line under the status on the detail page). */
export const STATUS_HINTS: Readonly<Record<PolicyStatus, string>> = {
  toBePaid: '投保信息已提交，请在支付截止时间前完成支付',
  paymentTimeout: '订单已超过支付时间，已自动关闭，如需投保请重新下单',
  cancel: '订单已取消',
  waitIssue: '支付成功，保险公司正在出单，请耐心等待',
  issueFail: '保险公司出单失败，已支付的保费将原路退回',
  waitInsurance: '保单已出单，将于保障开始日零时起生效',
  guarantee: '保单正在保障中',
  policyOverdue: '保单已过保障期',
  surrender: '保单已退保',
};

/** The status a detail route stands for (the route of spec §2), or null for another path. */
export function statusOfRoute(pathname: string): PolicyStatus | null {
  const entry = Object.entries(POLICY_DETAIL_ROUTE).find(([, key]) => ROUTES[key] === pathname);
  return entry ? (entry[0] as PolicyStatus) : null;
}

/** 'mm:ss' or 'h小时mm分' left to pay. */
export function formatRemaining(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h >= 24) return `${Math.floor(h / 24)}天${h % 24}小时`;
  if (h > 0) return `${h}小时${String(m).padStart(2, '0')}分`;
  return `${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}`;
}

/** What the holder reads of a refund of the order: 退款中, 已退款 with its amount and day, or 退款失败，请联系客服. */
export function refundLine(refund: RefundView): { label: string; value: string } {
  const amount = formatYuan(refund.amount);
  if (refund.status === 'succeeded') return { label: '已退款', value: `${amount}${refund.refundedAt ? `（${formatDay(refund.refundedAt)}）` : ''}` };
  if (refund.status === 'failed') return { label: '退款失败，请联系客服', value: amount };
  return { label: '退款中', value: amount };
}
