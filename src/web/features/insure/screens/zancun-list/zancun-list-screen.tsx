import { useCallback, useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import type { TempFormItem } from '../../../../../contract/policy.ts';
import { MSG_DRAFT_CALL_FAILED, MSG_DRAFT_DELETE_FAILED, policyApi } from '../../../../shared/api/policy-api.ts';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { InfoRows } from '../../../../shared/ui/layout/info-rows.tsx';
import { CardList, CardSkeleton, SectionCard } from '../../../../shared/ui/layout/section-card.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import { confirmDialog } from '../../../../shared/ui/dialog.ts';
import { failToast, successToast } from '../../../../shared/ui/toast.ts';

type State = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; list: TempFormItem[] };

/** `/zancunList`: the caller's saved insure forms (暂存), from any device; 继续填写 resumes one. */
export default function ZancunListScreen() {
  const navigate = useAppNavigate();
  const [state, setState] = useState<State>({ phase: 'loading' });

  const load = useCallback(async () => {
    try {
      const data = await policyApi.drafts();
      setState({ phase: 'ready', list: data?.list ?? [] });
    } catch {
      failToast(MSG_DRAFT_CALL_FAILED);
      setState({ phase: 'error' });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (item: TempFormItem) => {
    if (!(await confirmDialog({ content: '确定删除该暂存单吗？', confirmText: '删除', cancelText: '取消' }))) return;
    try {
      await policyApi.deleteDraft(item.tempSerialNo);
      successToast('删除成功');
      setState((s) => (s.phase === 'ready' ? { phase: 'ready', list: s.list.filter((d) => d.tempSerialNo !== item.tempSerialNo) } : s));
    } catch {
      failToast(MSG_DRAFT_DELETE_FAILED);
    }
  };

  return (
    <AppPage title="暂存单">
      {state.phase === 'loading' && <CardSkeleton />}
      {state.phase === 'error' && <LoadError description={MSG_DRAFT_CALL_FAILED} onRetry={() => { setState({ phase: 'loading' }); void load(); }} />}
      {state.phase === 'ready' && state.list.length === 0 && <StatusBlock kind="empty" title="暂无暂存单" description="填写投保信息时点击「暂存」即可保存" />}
      {state.phase === 'ready' && state.list.length > 0 && (
        <CardList>
          {state.list.map((item) => (
            <SectionCard
              key={item.tempSerialNo}
              as="li"
              testId="draft-card"
              title={item.productName}
              footer={
                <>
                  <Button size="small" fill="outline" shape="rounded" onClick={() => void remove(item)}>
                    删除
                  </Button>
                  <Button size="small" color="primary" shape="rounded" onClick={() => navigate(paths.insureFromDraft(item.productCode, item.tempSerialNo))}>
                    继续填写
                  </Button>
                </>
              }
            >
              <InfoRows
                rows={[
                  { label: '被保险人', value: item.insuredNames.join('、') || '未填写' },
                  { label: '暂存时间', value: item.updatedAt },
                ]}
              />
            </SectionCard>
          ))}
        </CardList>
      )}
    </AppPage>
  );
}
