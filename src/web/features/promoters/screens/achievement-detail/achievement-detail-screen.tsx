import { useAppInfiniteQuery, useAppQuery } from '../../../../shared/api/query-hooks.ts';
import { useSearchParams } from 'react-router-dom';
import type { PromoterSale } from '../../../../../contract/promoter-area.ts';
import { promoterAreaQueries } from '../../api/promoter-area.ts';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { formatYuan } from '../../../../shared/ui/format.ts';
import { PromoterPagedList } from '../../components/paged-list.tsx';
import { bucketTitle, isPeriod, PERIOD_NAMES } from '../../components/promoter-labels.ts';
import { SaleCard } from '../../components/sale-card.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import styles from '../../components/promoter.module.css';

const keyOf = (sale: PromoterSale) => sale.applicationFormCode;

/** `/achievementDetail?period&key`: the sales of one achievement bucket, paged. */
export default function AchievementDetailScreen() {
  const navigate = useAppNavigate();
  const [params] = useSearchParams();
  const raw = params.get('period');
  const period = isPeriod(raw) ? raw : null;
  const key = params.get('key') ?? '';
  const valid = period !== null && key.length >= 4;
  const options = promoterAreaQueries.achievementPages(period ?? 'day', key);
  const query = useAppInfiniteQuery({ ...options, enabled: valid });
  // The bucket's figures, from the list the visitor came from (fetched when opened directly; never an error state of its own).
  const summary = useAppQuery({ ...promoterAreaQueries.achievements(period ?? 'day'), enabled: valid });
  const bucket = summary.data?.buckets.find((b) => b.key === key);
  const title = period ? (bucket?.label ?? bucketTitle(period, key)) : '业绩明细';

  return (
    <AppPage title="业绩明细">
      {!valid ? (
        <StatusBlock kind="empty" title="缺少统计周期" description="请从我的业绩进入明细" />
      ) : (
        <PromoterPagedList
          query={query}
          queryKey={options.queryKey}
          keyOf={keyOf}
          testId="achievement-sales"
          empty={{ title: '该时段暂无出单' }}
          header={(first) => (
            <p className={styles.listHint}>
              {title}（{PERIOD_NAMES[period]}）· 共 {first.total} 单
              {bucket && ` · 保费 ${formatYuan(bucket.premium)} · 净保费 ${formatYuan(bucket.netPremium)}`}
            </p>
          )}
          renderItem={(sale) => <SaleCard sale={sale} onOpen={() => navigate(paths.customerDetail(sale.customerId))} />}
        />
      )}
    </AppPage>
  );
}
