import { useCallback, useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import type { RenewalItem } from '../../../contract/policy.ts';
import { policyApi } from '../../api/policy-api.ts';
import { withQuery } from '../../app/paths.ts';
import { useAppNavigate } from '../../app/use-app-navigate.ts';
import { AppPage } from '../../components/app-page.tsx';
import { formatDay, formatYuan } from '../../components/format.ts';
import { LoadError } from '../../components/load-error.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { StatusBlock } from '../../components/status-block.tsx';
import { storeRenewalData } from '../../state/renewal-data.ts';
import styles from '../policy-list/policy-list-screen.module.css';

type State = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'ready'; list: RenewalItem[] };

/** Stores the renewal data of `item` and opens its product page: the order made from it is a renewal. */
export function useRenew() {
  const navigate = useAppNavigate();
  return (item: RenewalItem) => {
    if (item.policyNo) storeRenewalData({ productCode: item.productCode, renewalTimes: item.renewalTimes, renewalLastPolicyNo: item.policyNo });
    navigate(withQuery(item.detailRoute, { productCode: item.productCode }));
  };
}

/** `/renewalList`: the caller's policies of renewal products, each with its 去续保 / 再次购买 button. */
export default function RenewalListScreen() {
  const [state, setState] = useState<State>({ phase: 'loading' });
  const load = useCallback(async () => {
    try {
      const data = await policyApi.renewalList({ pageNum: 1, pageSize: 50 }, { silent: true });
      setState({ phase: 'ready', list: data?.list ?? [] });
    } catch (error) {
      setState({ phase: 'error', message: error instanceof Error ? error.message : '加载失败' });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <AppPage title="续保">
      {state.phase === 'loading' && <PageLoading />}
      {state.phase === 'error' && <LoadError description={state.message} onRetry={() => { setState({ phase: 'loading' }); void load(); }} />}
      {state.phase === 'ready' && state.list.length === 0 && <StatusBlock kind="empty" title="暂无可续保的保单" />}
      {state.phase === 'ready' && state.list.length > 0 && <RenewalCards list={state.list} />}
    </AppPage>
  );
}

export function RenewalCards({ list }: { list: RenewalItem[] }) {
  const renew = useRenew();
  return (
    <ul className={styles.list}>
      {list.map((item) => (
        <li key={item.applicationFormCode} className={styles.card} data-testid="renewal-card">
          <div className={styles.cardHeader}>
            <span className={styles.productName}>{item.productName}</span>
            <span>{item.statusName}</span>
          </div>
          <dl className={styles.rows}>
            <div>
              <dt>保单号</dt>
              <dd>{item.policyNo}</dd>
            </div>
            <div>
              <dt>被保险人</dt>
              <dd>{item.insuredName}</dd>
            </div>
            <div>
              <dt>保障期间</dt>
              <dd>
                {formatDay(item.startDate)} 至 {formatDay(item.endDate)}
              </dd>
            </div>
          </dl>
          <div className={styles.cardFooter}>
            <span className={styles.premium}>
              保费 <strong>{formatYuan(item.premium)}</strong>
            </span>
            <Button size="small" color="primary" shape="rounded" onClick={() => renew(item)}>
              {item.renewalLabel}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
