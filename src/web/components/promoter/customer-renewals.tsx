import { useInfiniteQuery } from '@tanstack/react-query';
import { Tag } from 'antd-mobile';
import type { PromoterRenewal } from '../../../contract/promoter-area.ts';
import { promoterAreaQueries } from '../../api/promoter-area.ts';
import { paths } from '../../app/paths.ts';
import { useAppNavigate } from '../../app/use-app-navigate.ts';
import { formatDay, formatYuan } from '../format.ts';
import { PromoterPagedList } from './paged-list.tsx';
import styles from './promoter.module.css';

const keyOf = (item: PromoterRenewal) => item.applicationFormCode;

/** 客户续保 of /renewalList: the promoter's customers' policies ending inside the renewal window. */
export function CustomerRenewals() {
  const navigate = useAppNavigate();
  const options = promoterAreaQueries.renewalPages();
  const query = useInfiniteQuery(options);
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
    <article className={`${styles.card} ${styles.tappable}`} data-testid="renewal-card" role="link" tabIndex={0} onClick={onOpen} onKeyDown={(e) => e.key === 'Enter' && onOpen()}>
      <div className={styles.cardHead}>
        <span className={styles.cardTitle}>{item.productName}</span>
        <span className={`${styles.days} ${item.daysLeft <= 7 ? styles.daysUrgent : ''}`}>{daysLeftText(item.daysLeft)}</span>
      </div>
      <dl className={styles.rows}>
        <div>
          <dt>投保人</dt>
          <dd>{item.holderName}</dd>
        </div>
        <div>
          <dt>被保险人</dt>
          <dd>{item.insuredNames.join('、') || '--'}</dd>
        </div>
        <div>
          <dt>到期日期</dt>
          <dd>{formatDay(item.endDate)}</dd>
        </div>
      </dl>
      <div className={styles.cardFoot}>
        <span className={styles.premium}>
          保费 <strong>{formatYuan(item.premium)}</strong>
        </span>
        <Tag color="primary" fill="outline">
          {item.renewalLabel}
        </Tag>
      </div>
    </article>
  );
}
