import { useEffect, useState } from 'react';
import { api } from '../../api/endpoints.ts';
import { AppPage } from '../../components/app-page.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { StatusBlock } from '../../components/status-block.tsx';
import styles from '../../components/policy/policy-detail.module.css';

interface Cooperation {
  productCode: string;
  productName: string;
  insurers: { name: string; lead: boolean; area: string }[];
}
type State = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'ready'; list: Cooperation[] };

/** `/cooperationList`: the insurers underwriting the caller's products (lead insurer first), from the manifests. */
export default function CooperationListScreen() {
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    (async () => {
      const policies = await api.policyList({ pageNum: 1, pageSize: 50 }, { silent: true });
      const codes = [...new Set((policies?.list ?? []).map((p) => p.productCode))];
      const manifests = await Promise.all(codes.map((code) => api.productManifest(code, { silent: true }).catch(() => null)));
      return manifests.flatMap((m, i): Cooperation[] =>
        m
          ? [
              {
                productCode: codes[i] ?? m.productCode,
                productName: m.productName,
                insurers: [...m.insurers]
                  .sort((a, b) => a.partyRole - b.partyRole)
                  .map((x) => ({ name: x.name, lead: x.partyRole === 1, area: x.insuringAreaName ?? '' })),
              },
            ]
          : [],
      );
    })()
      .then((list) => live && setState({ phase: 'ready', list }))
      .catch((error: unknown) => live && setState({ phase: 'error', message: error instanceof Error ? error.message : '加载失败' }));
    return () => {
      live = false;
    };
  }, [attempt]);

  return (
    <AppPage title="合作保险公司">
      {state.phase === 'loading' && <PageLoading />}
      {state.phase === 'error' && <LoadError description={state.message} onRetry={() => { setState({ phase: 'loading' }); setAttempt((n) => n + 1); }} />}
      {state.phase === 'ready' && state.list.length === 0 && <StatusBlock kind="empty" title="暂无合作保险公司" description="投保后可在此查看承保的保险公司" />}
      {state.phase === 'ready' &&
        state.list.map((c) => (
          <section key={c.productCode} className={styles.card} data-testid="cooperation-card">
            <h3>{c.productName}</h3>
            <dl className={styles.rows}>
              {c.insurers.map((x) => (
                <div key={x.name}>
                  <dt>{x.lead ? '主承保' : '共保'}</dt>
                  <dd>
                    {x.name}
                    {x.area ? `（${x.area}）` : ''}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
    </AppPage>
  );
}
