import { Button } from 'antd-mobile';
import type { RenewalItem } from '../../../../contract/policy.ts';
import { withQuery } from '../../../app/paths.ts';
import { useAppNavigate } from '../../../app/use-app-navigate.ts';
import { storeRenewalData } from '../state/renewal-data.ts';
import { prefillFromPolicy } from './renewal-prefill.ts';
import { formatDay, formatYuan } from '../../../shared/ui/format.ts';
import { InfoRows } from '../../../shared/ui/layout/info-rows.tsx';
import { CardList, CardPremium, SectionCard } from '../../../shared/ui/layout/section-card.tsx';

/** Stores the renewal data of `item`, carries its plan and people over and opens its product page: the order made from it is a renewal. */
export function useRenew() {
  const navigate = useAppNavigate();
  return async (item: RenewalItem) => {
    if (item.policyNo) storeRenewalData({ productCode: item.productCode, renewalTimes: item.renewalTimes, renewalLastPolicyNo: item.policyNo });
    await prefillFromPolicy(item.applicationFormCode);
    navigate(withQuery(item.detailRoute, { productCode: item.productCode }));
  };
}

/** The cards of renewable policies, each with its 去续保 / 再次购买 button (/renewalList, /insurerenew). */
export function RenewalCards({ list }: { list: RenewalItem[] }) {
  const renew = useRenew();
  return (
    <CardList>
      {list.map((item) => (
        <SectionCard
          key={item.applicationFormCode}
          as="li"
          testId="renewal-card"
          title={item.productName}
          extra={<span>{item.statusName}</span>}
          footer={
            <>
              <CardPremium>{formatYuan(item.premium)}</CardPremium>
              <Button size="small" color="primary" shape="rounded" onClick={() => renew(item)} data-testid="renew">
                {item.renewalLabel}
              </Button>
            </>
          }
        >
          <InfoRows
            rows={[
              { label: '保单号', value: item.policyNo },
              { label: '被保险人', value: item.insuredName },
              { label: '保障期间', value: `${formatDay(item.startDate)} 至 ${formatDay(item.endDate)}` },
            ]}
          />
        </SectionCard>
      ))}
    </CardList>
  );
}
