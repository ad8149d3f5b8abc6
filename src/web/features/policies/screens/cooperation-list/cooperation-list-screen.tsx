import { useAppQuery } from '../../../../shared/api/query-hooks.ts';
import { queries } from '../../../../shared/api/queries.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { InfoRows } from '../../../../shared/ui/layout/info-rows.tsx';
import { CardList, CardSkeleton, SectionCard } from '../../../../shared/ui/layout/section-card.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import { errorMessage, useRetryQuery } from '../../../../shared/ui/query-state.ts';

interface Cooperation {
  productCode: string;
  productName: string;
  insurers: { name: string; lead: boolean; area: string }[];
}
type State = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'ready'; list: Cooperation[] };

/** `/cooperationList`: the insurers underwriting the caller's products (lead insurer first), from the manifests. */
export default function CooperationListScreen() {
  const query = useAppQuery(queries.cooperation());
  const retry = useRetryQuery(queries.cooperation().queryKey);
  const state: State = query.data
    ? {
        phase: 'ready',
        list: query.data.map(
          ({ productCode, manifest: m }): Cooperation => ({
            productCode,
            productName: m.productName,
            insurers: [...m.insurers]
              .sort((a, b) => a.partyRole - b.partyRole)
              .map((x) => ({ name: x.name, lead: x.partyRole === 1, area: x.insuringAreaName ?? '' })),
          }),
        ),
      }
    : query.isError
      ? { phase: 'error', message: errorMessage(query.error) }
      : { phase: 'loading' };

  return (
    <AppPage title="合作保险公司">
      {state.phase === 'loading' && <CardSkeleton />}
      {state.phase === 'error' && <LoadError description={state.message} onRetry={retry} />}
      {state.phase === 'ready' && state.list.length === 0 && <StatusBlock kind="empty" title="暂无合作保险公司" description="投保后可在此查看承保的保险公司" />}
      {state.phase === 'ready' && state.list.length > 0 && (
        <CardList>
          {state.list.map((c) => (
            <SectionCard key={c.productCode} as="li" testId="cooperation-card" title={c.productName}>
              <InfoRows rows={c.insurers.map((x) => ({ label: x.lead ? '主承保' : '共保', value: `${x.name}${x.area ? `（${x.area}）` : ''}` }))} />
            </SectionCard>
          ))}
        </CardList>
      )}
    </AppPage>
  );
}
