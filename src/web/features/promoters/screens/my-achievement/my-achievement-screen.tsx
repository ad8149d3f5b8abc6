import { useAppQuery } from '../../../../shared/api/query-hooks.ts';
import { Skeleton, Tabs } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { ACHIEVEMENT_PERIODS, type AchievementPeriod, type Achievements } from '../../../../../contract/promoter-area.ts';
import { isNotPromoter, promoterAreaQueries } from '../../api/promoter-area.ts';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { formatYuan } from '../../../../shared/ui/format.ts';
import { EntryGrid } from '../../../../shared/ui/layout/entry-grid.tsx';
import { GradientHeader, HeaderFigures } from '../../../../shared/ui/layout/gradient-header.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { NotPromoter } from '../../components/not-promoter.tsx';
import { isPeriod, PERIOD_NAMES } from '../../components/promoter-labels.ts';
import { errorMessage, useRetryQuery } from '../../../../shared/ui/query-state.ts';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import styles from './my-achievement-screen.module.css';
import '../../../../shared/ui/a11y/tabs.css';
import { yuanText } from '../../../../../engine/pricing/money.ts';

/** What each period covers (the server's windows). */
const PERIOD_SCOPE: Record<AchievementPeriod, string> = { day: '近30天', month: '近12个月', term: '按学期统计' };

/** The promoter area's entries. */
const ENTRIES = [
  { key: 'valid', label: '有效保单', mark: '保', tone: 'blue', to: paths.validList },
  { key: 'customers', label: '我的客户', mark: '客', tone: 'green', to: paths.customerList },
  { key: 'renewals', label: '客户续保', mark: '续', tone: 'orange', to: paths.customerRenewals },
  { key: 'rewards', label: '推广奖励', mark: '奖', tone: 'red', to: paths.rewardDetail },
] as const;

/**
 * `/myAchievement` 我的业绩, the promoter area's home: orders and premium by
 * day, month or school term, the buckets newest first (each opening its
 * sales), and the entries to the area's other pages.
 */
export default function MyAchievementScreen() {
  const navigate = useAppNavigate();
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period: AchievementPeriod = isPeriod(raw) ? raw : 'day';
  const options = promoterAreaQueries.achievements(period);
  const query = useAppQuery(options);
  const retry = useRetryQuery(options.queryKey);

  if (query.isError && isNotPromoter(query.error)) {
    return (
      <AppPage title="我的业绩">
        <NotPromoter />
      </AppPage>
    );
  }
  return (
    <AppPage title="我的业绩">
      <div className={styles.tabs}>
        <Tabs activeKey={period} onChange={(key) => setParams(isPeriod(key) && key !== 'day' ? { period: key } : {}, { replace: true })}>
          {ACHIEVEMENT_PERIODS.map((key) => (
            <Tabs.Tab key={key} title={PERIOD_NAMES[key]} />
          ))}
        </Tabs>
      </div>
      <Totals data={query.data} scope={PERIOD_SCOPE[period]} />
      <EntryGrid label="推广专区" entries={ENTRIES.map((entry) => ({ key: entry.key, label: entry.label, icon: entry.mark, tone: entry.tone, onClick: () => navigate(entry.to()) }))} />
      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>业绩明细</h2>
        {query.data ? (
          query.data.buckets.length === 0 ? (
            <StatusBlock kind="empty" title="暂无业绩" description="分享产品给家长，出单后将在这里统计" />
          ) : (
            <ul className={styles.buckets} data-testid="achievement-buckets">
              {query.data.buckets.map((bucket) => (
                <li key={bucket.key}>
                  <button type="button" className={styles.bucket} onClick={() => navigate(paths.achievementDetail(period, bucket.key))}>
                    <span className={styles.bucketMain}>
                      <span className={styles.bucketLabel}>{bucket.label}</span>
                      <span className={styles.bucketSub}>
                        净保费 {formatYuan(bucket.netPremium)}
                        {bucket.reversed > 0 && ` · 退保 ${bucket.reversed} 件`}
                      </span>
                    </span>
                    <span className={styles.bucketFigures}>
                      <span className={styles.bucketPremium}>{formatYuan(bucket.premium)}</span>
                      <span className={styles.bucketSub}>{bucket.orders} 件</span>
                    </span>
                    <span className={styles.chevron} aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )
        ) : query.isError ? (
          <LoadError description={errorMessage(query.error)} onRetry={retry} />
        ) : (
          <div className={styles.bucketsLoading} role="status" aria-busy="true" aria-label="加载中">
            <Skeleton.Paragraph lineCount={5} animated />
          </div>
        )}
      </section>
    </AppPage>
  );
}

function Totals({ data, scope }: { data: Achievements | undefined; scope: string }) {
  const totals = data?.totals;
  const figure = (value: string | undefined) => value ?? '--';
  return (
    <GradientHeader
      tone="blue"
      label={
        <>
          <span>保费（元）</span>
          <span className={styles.scope}>{scope}</span>
        </>
      }
      note="净保费 = 保费 − 退保/退款"
      testId="achievement-totals"
      busy={!data}
    >
      <strong className={styles.totalsPremium}>{totals ? yuanText(totals.premium) : '--'}</strong>
      <HeaderFigures
        className={styles.totalsFigures}
        figures={[
          { label: '出单件数', value: figure(totals?.orders.toString()) },
          { label: '净保费', value: figure(totals ? yuanText(totals.netPremium) : undefined) },
          { label: '退保件数', value: figure(totals?.reversed.toString()) },
        ]}
      />
    </GradientHeader>
  );
}
