import { useCallback, useEffect, useState } from 'react';
import type { RenewalItem } from '../../../contract/policy.ts';
import { policyApi } from '../../api/policy-api.ts';
import { AppPage } from '../../components/app-page.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { StatusBlock } from '../../components/status-block.tsx';
import { RenewalCards } from '../../components/policy/renewal-cards.tsx';

type State = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'ready'; list: RenewalItem[] };

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
