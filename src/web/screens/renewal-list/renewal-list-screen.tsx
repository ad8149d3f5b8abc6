import { useAppQuery } from '../../api/query-hooks.ts';
import { useSearchParams } from 'react-router-dom';
import { policyApi } from '../../api/policy-api.ts';
import { promoterAreaQueries } from '../../api/promoter-area.ts';
import { AppPage } from '../../components/app-page.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { useLoad } from '../../components/market/use-load.ts';
import { PageLoading } from '../../components/page-loading.tsx';
import { StatusBlock } from '../../components/status-block.tsx';
import { RenewalCards } from '../../components/policy/renewal-cards.tsx';
import { CustomerRenewals } from '../../components/promoter/customer-renewals.tsx';
import { SegmentSwitch } from '../../components/promoter/segment-switch.tsx';
import { getUser } from '../../state/session.ts';

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
  const promoter = useAppQuery({ ...promoterAreaQueries.isPromoter(userCode), enabled: userCode !== '' });
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
  const [state, reload] = useLoad('my-renewals', async () => (await policyApi.renewalList({ pageNum: 1, pageSize: 50 }, { silent: true }))?.list ?? []);

  return (
    <>
      {state.status === 'loading' && <PageLoading />}
      {state.status === 'error' && <LoadError description={state.message} onRetry={reload} />}
      {state.status === 'ready' && state.data.length === 0 && <StatusBlock kind="empty" title="暂无可续保的保单" />}
      {state.status === 'ready' && state.data.length > 0 && <RenewalCards list={state.data} />}
    </>
  );
}
