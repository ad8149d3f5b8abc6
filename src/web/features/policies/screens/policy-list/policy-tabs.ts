import type { PolicyStatus } from '../../../../../contract/order.ts';
import type { StatusCounts } from '../../../../../contract/policy.ts';
import { POLICY_STATUS_NAMES, POLICY_STATUSES } from '../../../../../contract/policy-status.ts';

/** Tabs always shown; any other status gets a tab while the holder has applications in it. */
const FIXED_TABS: PolicyStatus[] = ['toBePaid', 'waitInsurance', 'guarantee'];

export interface TabDef {
  key: string;
  title: string;
  status?: PolicyStatus;
}

/** The status tabs with their counts (countAppNumByStatus): 全部(n), 待支付(n)… */
export function tabsOf(counts: StatusCounts | null): TabDef[] {
  const num = (status: PolicyStatus) => counts?.list.find((c) => c.status === status)?.num ?? 0;
  const label = (title: string, n: number | undefined) => (n ? `${title}(${n})` : title);
  const extra = POLICY_STATUSES.filter((status) => !FIXED_TABS.includes(status) && num(status) > 0);
  return [
    { key: 'all', title: label('全部', counts?.total) },
    ...[...FIXED_TABS, ...extra].map((status) => ({ key: status, title: label(POLICY_STATUS_NAMES[status], num(status)), status })),
  ];
}

