import { useAppInfiniteQuery } from '../../../../shared/api/query-hooks.ts';
import { Tabs, Tag } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { REWARD_STATUSES, type RewardEntry, type Rewards, type RewardStatus } from '../../../../../contract/promoter-area.ts';
import { isNotPromoter, promoterAreaQueries } from '../../api/promoter-area.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { formatDay, formatYuan } from '../../../../shared/ui/format.ts';
import { GradientHeader, HeaderFigures } from '../../../../shared/ui/layout/gradient-header.tsx';
import { InfoRows } from '../../../../shared/ui/layout/info-rows.tsx';
import { SectionCard } from '../../../../shared/ui/layout/section-card.tsx';
import { NotPromoter } from '../../components/not-promoter.tsx';
import { PromoterPagedList } from '../../components/paged-list.tsx';
import { formatRate, REWARD_STATUS_NAMES } from '../../components/promoter-labels.ts';
import styles from './reward-detail-screen.module.css';
import '../../../../shared/ui/a11y/tabs.css';
import { yuanText } from '../../../../../engine/pricing/money.ts';

const TAG_COLORS: Record<RewardStatus, string> = { pending: 'warning', confirmed: 'primary', paid: 'success', clawedBack: 'default' };

const keyOf = (entry: RewardEntry) => entry.id;

function isRewardStatus(value: string | null): value is RewardStatus {
  return (REWARD_STATUSES as readonly string[]).includes(value ?? '');
}

/**
 * `/rewardDetail` 推广奖励: the amounts by status (待确认, 已确认, 已发放,
 * 已追回) and the ledger, filtered by status, paged.
 */
export default function RewardDetailScreen() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isRewardStatus(raw) ? raw : undefined;
  // The summary comes with every page; the unfiltered list's first page carries it (one call on the 全部 tab).
  const all = useAppInfiniteQuery(promoterAreaQueries.rewardPages(undefined));
  const options = promoterAreaQueries.rewardPages(status);
  const query = useAppInfiniteQuery(options);
  const summary = all.data?.pages[0]?.summary ?? query.data?.pages[0]?.summary;

  if ((all.isError && isNotPromoter(all.error)) || (query.isError && isNotPromoter(query.error))) {
    return (
      <AppPage title="推广奖励">
        <NotPromoter />
      </AppPage>
    );
  }
  return (
    <AppPage title="推广奖励">
      <Summary summary={summary} />
      <div className={styles.tabs}>
        <Tabs activeKey={status ?? 'all'} onChange={(key) => setParams(isRewardStatus(key) ? { status: key } : {}, { replace: true })}>
          <Tabs.Tab key="all" title="全部" />
          {REWARD_STATUSES.map((key) => (
            <Tabs.Tab key={key} title={REWARD_STATUS_NAMES[key]} />
          ))}
        </Tabs>
      </div>
      <PromoterPagedList
        query={query}
        queryKey={options.queryKey}
        keyOf={keyOf}
        testId="reward-entries"
        empty={{ title: status ? `暂无${REWARD_STATUS_NAMES[status]}奖励` : '暂无推广奖励', description: '客户通过您的链接投保成功后产生奖励' }}
        renderItem={(entry) => <RewardRow entry={entry} />}
      />
    </AppPage>
  );
}

function Summary({ summary }: { summary: Rewards['summary'] | undefined }) {
  return (
    <GradientHeader tone="red" label="奖励汇总（元）" note="保单生效后确认奖励；退保或撤单的奖励将被追回" testId="reward-summary" busy={!summary}>
      <HeaderFigures figures={REWARD_STATUSES.map((key) => ({ label: REWARD_STATUS_NAMES[key], value: summary ? yuanText(summary[key]) : '--' }))} />
    </GradientHeader>
  );
}

function RewardRow({ entry }: { entry: RewardEntry }) {
  const clawed = entry.status === 'clawedBack';
  return (
    <SectionCard
      as="article"
      testId="reward-entry"
      title={entry.productName}
      extra={
        <Tag color={TAG_COLORS[entry.status]} fill="outline">
          {entry.statusName || REWARD_STATUS_NAMES[entry.status]}
        </Tag>
      }
    >
      <div className={styles.rowBody}>
        <InfoRows
          className={styles.rowFields}
          rows={[
            { label: '投保人', value: entry.holderName },
            { label: '保费', value: formatYuan(entry.premium) },
            { label: '奖励比例', value: formatRate(entry.rate) },
            { label: '日期', value: formatDay(entry.createdAt) },
          ]}
        />
        <span className={`${styles.amount} ${clawed ? styles.amountClawed : ''}`}>
          <small>奖励</small>
          {clawed ? '-' : '+'}
          {yuanText(entry.amount)}
        </span>
      </div>
    </SectionCard>
  );
}
