import { useCallback, useEffect, useState } from 'react';
import { Tag } from 'antd-mobile';
import type { ClaimSummary } from '../../../../../contract/claims.ts';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { formatDay, formatYuan } from '../../../../shared/ui/format.ts';
import { InfoRows } from '../../../../shared/ui/layout/info-rows.tsx';
import { CardSkeleton, SectionCard } from '../../../../shared/ui/layout/section-card.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import { claimApi } from '../../api/claims.ts';

type State = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; list: ClaimSummary[] };

/** `/claimList` (log-in, from 个人中心): the parent's claims, newest first, each opening its detail. */
export default function ClaimListScreen() {
  const navigate = useAppNavigate();
  const [state, setState] = useState<State>({ phase: 'loading' });
  const load = useCallback(async () => {
    try {
      setState({ phase: 'ready', list: (await claimApi.list()).list });
    } catch {
      setState({ phase: 'error' });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const title = '我的理赔';
  if (state.phase === 'loading') return <AppPage title={title}><CardSkeleton count={2} /></AppPage>;
  if (state.phase === 'error') return <AppPage title={title}><LoadError description="理赔记录加载失败，请稍后重试" onRetry={() => void load()} /></AppPage>;
  if (state.list.length === 0) {
    return (
      <AppPage title={title}>
        <StatusBlock kind="empty" title="暂无理赔记录" description="保单保障期间内出险，可在“我的保单”中打开保单，点击“理赔报案”。" fullPage />
      </AppPage>
    );
  }
  return (
    <AppPage title={title}>
      <div role="list" aria-label="理赔记录">
        {state.list.map((c) => (
          <div role="listitem" key={c.claimNo}>
            <SectionCard
              as="article"
              testId="claim-card"
              title={c.productName}
              onOpen={() => navigate(paths.claimDetail(c.claimNo))}
              opensWhole
              extra={<Tag color={c.status === 'closed' ? 'success' : c.status === 'declined' ? 'default' : 'primary'} fill="outline">{c.statusName}</Tag>}
            >
              <InfoRows
                rows={[
                  { label: '出险人', value: c.insuredName },
                  { label: '报案类型', value: c.kindName },
                  { label: '出险日期', value: c.accidentDate },
                  { label: '报案时间', value: formatDay(c.createdAt) },
                  c.amount !== null && { label: '赔付金额', value: formatYuan(c.amount) },
                ]}
              />
            </SectionCard>
          </div>
        ))}
      </div>
    </AppPage>
  );
}
