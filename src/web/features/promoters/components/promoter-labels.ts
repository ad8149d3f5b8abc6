import type { AchievementPeriod, PromoterCustomer, RewardStatus } from '../../../../contract/promoter-area.ts';
import type { PolicyStatus } from '../../../../contract/order.ts';

/** The period tabs of /myAchievement. */
export const PERIOD_NAMES: Readonly<Record<AchievementPeriod, string>> = { day: '按日', month: '按月', term: '按学期' };

/** How a customer came to the promoter. */
export const SOURCE_NAMES: Readonly<Record<PromoterCustomer['source'], string>> = { link: '链接', order: '下单', staff: '分配' };

export const REWARD_STATUS_NAMES: Readonly<Record<RewardStatus, string>> = {
  pending: '待确认',
  confirmed: '已确认',
  paid: '已发放',
  clawedBack: '已追回',
};

/** antd-mobile Tag colours of the policy statuses a promoter's sales show. */
export const SALE_TAG_COLORS: Partial<Record<PolicyStatus, string>> = {
  toBePaid: 'warning',
  waitIssue: 'primary',
  waitInsurance: 'primary',
  guarantee: 'success',
  issueFail: 'danger',
  surrender: 'default',
  cancel: 'default',
};

/** 0.05 → `5%`, 0.125 → `12.5%`. */
export function formatRate(rate: number): string {
  if (!Number.isFinite(rate)) return '--';
  return `${Math.round(rate * 10_000) / 100}%`;
}

/** The title of an achievement bucket from its key, for a detail page opened without the list: 2026-11-24, 2026-11, 2026-autumn. */
export function bucketTitle(period: AchievementPeriod, key: string): string {
  const [year, second, day] = key.split('-');
  if (period === 'term') return second === 'spring' ? `${year}年春季学期` : second === 'autumn' ? `${year}年秋季学期` : key;
  if (period === 'month' && second) return `${year}年${Number(second)}月`;
  if (period === 'day' && second && day) return `${year}年${Number(second)}月${Number(day)}日`;
  return key;
}

/** Whether a string is one of the achievement periods (a query parameter). */
export function isPeriod(value: string | null): value is AchievementPeriod {
  return value === 'day' || value === 'month' || value === 'term';
}
