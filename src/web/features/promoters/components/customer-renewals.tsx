import { useAppInfiniteQuery } from '../../../shared/api/query-hooks.ts';
import { Tag } from 'antd-mobile';
import type { PromoterRenewal } from '../../../../contract/promoter-area.ts';
import { promoterAreaQueries } from '../api/promoter-area.ts';
import { paths } from '../../../app/paths.ts';
import { useAppNavigate } from '../../../app/use-app-navigate.ts';
import { formatDay, formatYuan } from '../../../shared/ui/format.ts';
import { InfoRows } from '../../../shared/ui/layout/info-rows.tsx';
import { CardPremium, SectionCard } from '../../../shared/ui/layout/section-card.tsx';
import { PromoterPagedList } from './paged-list.tsx';
import styles from './promoter.module.css';

const keyOf = (item: PromoterRenewal) => item.applicationFormCode;

/** 客户续保 of /renewalList: the promoter's customers' policies ending inside the renewal window. */
export function CustomerRenewals() {
  const navigate = useAppNavigate();
  const options = promoterAreaQueries.renewalPages();
  const query = useAppInfiniteQuery(options);
  return (
    <PromoterPagedList
      query={query}
      queryKey={options.queryKey}
      keyOf={keyOf}
      testId="customer-renewals"
      empty={{ title: '暂无待续保客户', description: '客户保单到期前会出现在这里' }}
      header={(first) => (
        <p className={styles.listHint}>
          未来 {first.windowDays} 天内到期的客户保单，共 {first.total} 张
        </p>
      )}
      renderItem={(item) => <RenewalCard item={item} onOpen={() => navigate(paths.renewalDetail(item.applicationFormCode))} />}
    />
  );
}

/** Days left as the cards say it: 今天到期, 剩 N 天, 已到期. */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft < 0) return '已到期';
  if (daysLeft === 0) return '今天到期';
  return `剩 ${daysLeft} 天`;
}

function RenewalCard({ item, onOpen }: { item: PromoterRenewal; onOpen: () => void }) {
  return (
    <SectionCard
      as="article"
      testId="renewal-card"
      title={item.productName}
      onOpen={onOpen}
      opensWhole
      extra={<span className={`${styles.days} ${item.daysLeft <= 7 ? styles.daysUrgent : ''}`}>{daysLeftText(item.daysLeft)}</span>}
      footer={
        <>
          <CardPremium>{formatYuan(item.premium)}</CardPremium>
          <Tag color="primary" fill="outline">
            {item.renewalLabel}
          </Tag>
        </>
      }
    >
      <InfoRows
        rows={[
          { label: '投保人', value: item.holderName },
          { label: '被保险人', value: item.insuredNames.join('、') || '--' },
          { label: '到期日期', value: formatDay(item.endDate) },
          { label: '续保提醒', value: item.remindedAt ? `已短信提醒（${formatDay(item.remindedAt)}）` : '尚未提醒' },
        ]}
      />
    </SectionCard>
  );
}
