import { useAppQuery } from '../../../../shared/api/query-hooks.ts';
import { useSearchParams } from 'react-router-dom';
import { policyApi } from '../../../../shared/api/policy-api.ts';
import { promoterAreaQueries } from '../../../promoters/index.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { useLoad } from '../../../../shared/ui/use-load.ts';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import { RenewalCards } from '../../components/renewal-cards.tsx';
import { CustomerRenewals } from '../../../promoters/index.ts';
import { SegmentSwitch } from '../../../promoters/index.ts';
import { getUser } from '../../../../shared/state/session.ts';

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
