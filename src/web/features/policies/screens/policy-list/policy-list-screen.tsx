import { useMemo, useState } from 'react';
import { useAppInfiniteQuery, useAppQuery, useAppQueryClient } from '../../../../shared/api/query-hooks.ts';
import { Button, InfiniteScroll, Tabs, Tag } from 'antd-mobile';
import type { PolicyListItem, PolicyStatus } from '../../../../../contract/order.ts';
import { POLICY_STATUSES } from '../../../../../contract/policy-status.ts';
import { tabsOf } from './policy-tabs.ts';
import { storeRenewalData } from '../../state/renewal-data.ts';
import { prefillFromPolicy } from '../../components/renewal-prefill.ts';
import { detailPathOf, loadCatalogue } from '../../../catalogue/index.ts';
import { queries } from '../../../../shared/api/queries.ts';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { formatDay, formatYuan } from '../../../../shared/ui/format.ts';
import { InfoRows } from '../../../../shared/ui/layout/info-rows.tsx';
import { CardList, CardPremium, CardSkeleton, SectionCard } from '../../../../shared/ui/layout/section-card.tsx';
import { PullToRefresh } from '../../../../shared/ui/lazy-pull-to-refresh.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { refreshFirstPage } from '../../../../shared/ui/infinite-list.ts';
import { errorMessage, useRetryQuery } from '../../../../shared/ui/query-state.ts';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import styles from '../../components/policy-list.module.css';
import '../../../../shared/ui/a11y/tabs.css';
import { UserText } from '../../../../shared/ui/user-text.tsx';

const TAG_COLORS: Partial<Record<PolicyStatus, string>> = {
  toBePaid: 'warning',
  waitIssue: 'primary',
  waitInsurance: 'primary',
  guarantee: 'success',
  issueFail: 'danger',
};

type ListState = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'ready'; list: PolicyListItem[]; hasMore: boolean };

/** `/policyList`: the user's policies by status, paged, with pay and renew actions. */
export default function PolicyListScreen() {
  const navigate = useAppNavigate();
  const [tab, setTab] = useState('all');
  const queryClient = useAppQueryClient();
  const status = POLICY_STATUSES.find((s) => s === tab);
  // The tab counts: without them the tabs show their names alone.
  const counts = useAppQuery(queries.policyCounts());
  const tabs = tabsOf(counts.data ?? null);
  const options = queries.policyPages(status);
  const pages = useAppInfiniteQuery(options);
  const retry = useRetryQuery(options.queryKey);
  const list = useMemo(() => pages.data?.pages.flatMap((p) => p.list), [pages.data]);
  const state: ListState = list
    ? { phase: 'ready', list, hasMore: pages.hasNextPage }
    : pages.isError
      ? { phase: 'error', message: errorMessage(pages.error) }
      : { phase: 'loading' };

  /** Pull to refresh: the first page again and the tab counts. */
  const reload = async () => {
    void counts.refetch();
    await refreshFirstPage(queryClient, options.queryKey);
  };
  /** A rejection lets InfiniteScroll offer 加载失败，点击重试. */
  const loadMore = async () => {
    await pages.fetchNextPage({ throwOnError: true });
  };

  const renew = async (item: PolicyListItem) => {
    const { productCode } = item;
    // A policy of a renewal product is renewed: its number goes with the next order (spec §4 Renewal).
    const renewable = await queryClient.ensureQueryData(queries.renewalProducts()).catch(() => null);
    if (item.policyNo && renewable?.list.some((p) => p.productCode === productCode)) {
      storeRenewalData({ productCode, renewalTimes: 0, renewalLastPolicyNo: item.policyNo });
    }
    await prefillFromPolicy(item.applicationFormCode);
    let path: string | undefined;
    try {
      path = detailPathOf(await loadCatalogue({ silent: true }), productCode);
    } catch {
      // Fall back to the configurable product page.
    }
    navigate(path ?? paths.productDetail(productCode));
  };

  return (
    <AppPage
      title="我的保单"
      right={
        <button type="button" className={`${styles.navLink} hit-44`} onClick={() => navigate(paths.zancunList())}>
          暂存单
        </button>
      }
    >
      <div className={styles.tabs}>
        <Tabs activeKey={tab} onChange={setTab} style={{ '--title-font-size': '15px' }}>
          {tabs.map((t) => (
            <Tabs.Tab key={t.key} title={t.title} />
          ))}
        </Tabs>
      </div>
      {state.phase === 'loading' && <CardSkeleton />}
      {state.phase === 'error' && (
        <LoadError
          description={state.message}
          onRetry={() => {
            void counts.refetch();
            retry();
          }}
        />
      )}
      {state.phase === 'ready' && (
        <PullToRefresh onRefresh={reload}>
          {state.list.length === 0 ? (
            <StatusBlock kind="empty" title="暂无保单" description="为孩子选一份合适的保障吧">
              <Button color="primary" shape="rounded" onClick={() => navigate(paths.home())}>
                去首页看看
              </Button>
            </StatusBlock>
          ) : (
            <>
              <CardList>
                {state.list.map((item) => (
                  <PolicyCard
                    key={item.applicationFormCode}
                    item={item}
                    onPay={() =>
                      navigate(
                        paths.payoff({
                          orderCode: item.orderCode,
                          applicationFormCode: item.applicationFormCode,
                          productCode: item.productCode,
                          amount: item.premium,
                        }),
                      )
                    }
                    onRenew={() => void renew(item)}
                    onOpen={() => navigate(paths.policyDetail(item.status, item.applicationFormCode))}
                  />
                ))}
              </CardList>
              <InfiniteScroll loadMore={loadMore} hasMore={state.hasMore}>
                {(hasMore, failed, retry) =>
                  failed ? (
                    <button type="button" className={styles.more} onClick={retry}>
                      加载失败，点击重试
                    </button>
                  ) : (
                    <span className={styles.more}>{hasMore ? '加载中…' : '没有更多了'}</span>
                  )
                }
              </InfiniteScroll>
            </>
          )}
        </PullToRefresh>
      )}
    </AppPage>
  );
}

function PolicyCard({ item, onPay, onRenew, onOpen }: { item: PolicyListItem; onPay: () => void; onRenew: () => void; onOpen: () => void }) {
  return (
    <SectionCard
      as="li"
      testId="policy-card"
      data-application-form-code={item.applicationFormCode}
      title={item.productName}
      onOpen={onOpen}
      extra={
        <Tag color={TAG_COLORS[item.status] ?? 'default'} fill="outline" data-testid="policy-status">
          {item.statusName}
        </Tag>
      }
      footer={
        <>
          <CardPremium testId="policy-premium">{formatYuan(item.premium)}</CardPremium>
          <Button size="small" fill="none" onClick={onOpen}>
            查看详情
          </Button>
          {item.status === 'toBePaid' ? (
            <Button size="small" color="primary" shape="rounded" onClick={onPay}>
              去支付
            </Button>
          ) : (
            <Button size="small" color="primary" fill="outline" shape="rounded" onClick={onRenew}>
              {item.renewalLabel}
            </Button>
          )}
        </>
      }
    >
      <InfoRows
        rows={[
          { label: '保障方案', value: item.planName },
          {
            label: '被保险人',
            value: (
              <>
                <UserText>{item.insuredName}</UserText> {item.insuredIdNo}
              </>
            ),
          },
          { label: '保障期间', value: `${formatDay(item.startDate)} 至 ${formatDay(item.endDate)}` },
          { label: '保单号', value: item.policyNo },
        ]}
      />
    </SectionCard>
  );
}
