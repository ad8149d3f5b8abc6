import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, InfiniteScroll, PullToRefresh, Skeleton, Tabs, Tag } from 'antd-mobile';
import type { PolicyListItem, PolicyStatus } from '../../../contract/order.ts';
import type { StatusCounts } from '../../../contract/policy.ts';
import { POLICY_STATUSES } from '../../../contract/policy-status.ts';
import { tabsOf } from './policy-tabs.ts';
import { APPLICATION_STATUSES } from '../../../contract/policy-lifecycle.ts';
import { storeRenewalData } from '../../state/renewal-data.ts';
import { policyApi } from '../../api/policy-api.ts';
import { detailPathOf, loadCatalogue } from '../../api/catalogue.ts';
import { api } from '../../api/endpoints.ts';
import { paths } from '../../app/paths.ts';
import { useAppNavigate } from '../../app/use-app-navigate.ts';
import { AppPage } from '../../components/app-page.tsx';
import { formatDay, formatYuan } from '../../components/format.ts';
import { LoadError } from '../../components/load-error.tsx';
import { StatusBlock } from '../../components/status-block.tsx';
import styles from '../../components/policy/policy-list.module.css';

/** Spec §9: lists are paged by 15. */
const PAGE_SIZE = 15;

const TAG_COLORS: Partial<Record<PolicyStatus, string>> = {
  toBePaid: 'warning',
  waitIssue: 'primary',
  waitInsurance: 'primary',
  guarantee: 'success',
  issueFail: 'danger',
};

type ListState =
  | { phase: 'loading' }
  | { phase: 'error'; message: string }
  | { phase: 'ready'; list: PolicyListItem[]; page: number; hasMore: boolean };

/** `/policyList`: the user's policies by status, paged, with pay and renew actions. */
export default function PolicyListScreen() {
  const navigate = useAppNavigate();
  const [tab, setTab] = useState('all');
  const [state, setState] = useState<ListState>({ phase: 'loading' });
  const [counts, setCounts] = useState<StatusCounts | null>(null);
  const request = useRef(0);
  const tabs = tabsOf(counts);
  const status = POLICY_STATUSES.find((s) => s === tab);

  // Applications not (yet) policies come from searchWxbAppList, policies and 全部 from searchInsuranceList.
  const fetchPage = useCallback(
    (page: number) => {
      const body = { pageNum: page, pageSize: PAGE_SIZE, ...(status ? { status } : {}) };
      return status && APPLICATION_STATUSES.includes(status) ? policyApi.applications(body, { silent: true }) : api.policyList(body, { silent: true });
    },
    [status],
  );

  /** First page (tab change, retry, pull to refresh), and the tab counts. */
  const reload = useCallback(async () => {
    const id = ++request.current;
    void policyApi.countByStatus({ silent: true }).then((c) => setCounts(c), () => undefined);
    try {
      const data = await fetchPage(1);
      if (id !== request.current) return;
      const list = data?.list ?? [];
      setState({ phase: 'ready', list, page: 1, hasMore: list.length === PAGE_SIZE && list.length < (data?.total ?? 0) });
    } catch (error) {
      if (id !== request.current) return;
      setState({ phase: 'error', message: error instanceof Error ? error.message : '加载失败' });
    }
  }, [fetchPage]);

  useEffect(() => {
    setState({ phase: 'loading' });
    void reload();
  }, [reload]);

  const loadMore = async () => {
    if (state.phase !== 'ready') return;
    const id = request.current;
    const data = await fetchPage(state.page + 1); // a rejection lets InfiniteScroll offer a retry
    if (id !== request.current) return;
    const more = data?.list ?? [];
    setState((s) => {
      if (s.phase !== 'ready') return s;
      const list = [...s.list, ...more];
      return { phase: 'ready', list, page: s.page + 1, hasMore: more.length === PAGE_SIZE && list.length < (data?.total ?? 0) };
    });
  };

  const renew = async (item: PolicyListItem) => {
    const { productCode } = item;
    // A policy of a renewal product is renewed: its number goes with the next order (spec §4 Renewal).
    const renewable = await policyApi.renewalProducts({ silent: true }).catch(() => null);
    if (item.policyNo && renewable?.list.some((p) => p.productCode === productCode)) {
      storeRenewalData({ productCode, renewalTimes: 0, renewalLastPolicyNo: item.policyNo });
    }
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
        <button type="button" className={styles.navLink} onClick={() => navigate(paths.zancunList())}>
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
      {state.phase === 'loading' && <ListSkeleton />}
      {state.phase === 'error' && (
        <LoadError
          description={state.message}
          onRetry={() => {
            setState({ phase: 'loading' });
            void reload();
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
              <ul className={styles.list}>
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
              </ul>
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
    <li className={styles.card} data-testid="policy-card" data-application-form-code={item.applicationFormCode}>
      <div className={styles.cardHeader} role="link" tabIndex={0} onClick={onOpen} onKeyDown={(e) => e.key === 'Enter' && onOpen()}>
        <span className={styles.productName}>{item.productName}</span>
        <Tag color={TAG_COLORS[item.status] ?? 'default'} fill="outline" data-testid="policy-status">
          {item.statusName}
        </Tag>
      </div>
      <dl className={styles.rows}>
        <div>
          <dt>保障方案</dt>
          <dd>{item.planName}</dd>
        </div>
        <div>
          <dt>被保险人</dt>
          <dd>
            {item.insuredName} {item.insuredIdNo}
          </dd>
        </div>
        <div>
          <dt>保障期间</dt>
          <dd>
            {formatDay(item.startDate)} 至 {formatDay(item.endDate)}
          </dd>
        </div>
        {item.policyNo && (
          <div>
            <dt>保单号</dt>
            <dd>{item.policyNo}</dd>
          </div>
        )}
      </dl>
      <div className={styles.cardFooter}>
        <span className={styles.premium}>
          保费 <strong data-testid="policy-premium">{formatYuan(item.premium)}</strong>
        </span>
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
      </div>
    </li>
  );
}

function ListSkeleton() {
  return (
    <div className={styles.list} aria-busy="true" aria-label="加载中">
      {[0, 1].map((i) => (
        <div key={i} className={styles.card}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={3} animated />
        </div>
      ))}
    </div>
  );
}
