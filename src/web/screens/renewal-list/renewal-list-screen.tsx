import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { RenewalItem } from '../../../contract/policy.ts';
import { policyApi } from '../../api/policy-api.ts';
import { promoterAreaQueries } from '../../api/promoter-area.ts';
import { AppPage } from '../../components/app-page.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { StatusBlock } from '../../components/status-block.tsx';
import { RenewalCards } from '../../components/policy/renewal-cards.tsx';
import { CustomerRenewals } from '../../components/promoter/customer-renewals.tsx';
import { SegmentSwitch } from '../../components/promoter/segment-switch.tsx';
import { getUser } from '../../state/session.ts';

type State = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'ready'; list: RenewalItem[] };
type Tab = 'mine' | 'customers';

const TABS = [
  { key: 'mine', label: '我的续保' },
  { key: 'customers', label: '客户续保' },
] as const satisfies readonly { key: Tab; label: string }[];

/**
 * `/renewalList`: the caller's policies of renewal products, each with its
 * 去续保 / 再次购买 button. A promoter also gets 客户续保 (`?tab=customers`):
 * their customers' policies ending soon.
 */
export default function RenewalListScreen() {
  const [params, setParams] = useSearchParams();
  const userCode = getUser()?.userCode ?? '';
  const promoter = useQuery({ ...promoterAreaQueries.isPromoter(userCode), enabled: userCode !== '' });
  const asked = params.get('tab') === 'customers';
  // The switch shows for a promoter, and when 客户续保 was asked for (the promoter area's entry) before the summary is in.
  const showSwitch = promoter.data === true || asked;
  const tab: Tab = showSwitch && asked ? 'customers' : 'mine';

  return (
    <AppPage title="续保">
      {showSwitch && <SegmentSwitch value={tab} options={TABS} onChange={(key) => setParams(key === 'customers' ? { tab: key } : {}, { replace: true })} />}
      {tab === 'customers' ? <CustomerRenewals /> : <MyRenewals />}
    </AppPage>
  );
}

/** 我的续保: the caller's own renewable policies. */
function MyRenewals() {
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
    <>
      {state.phase === 'loading' && <PageLoading />}
      {state.phase === 'error' && <LoadError description={state.message} onRetry={() => { setState({ phase: 'loading' }); void load(); }} />}
      {state.phase === 'ready' && state.list.length === 0 && <StatusBlock kind="empty" title="暂无可续保的保单" />}
      {state.phase === 'ready' && state.list.length > 0 && <RenewalCards list={state.list} />}
    </>
  );
}
