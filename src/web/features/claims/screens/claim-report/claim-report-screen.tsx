import { useEffect, useState } from 'react';
import { Button, Input, Selector, TextArea } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import type { ClaimKind, ClaimOptions, ReportClaimBody } from '../../../../../contract/claims.ts';
import { errorMessage } from '../../../../shared/ui/error-message.ts';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage, BottomBar } from '../../../../shared/ui/app-page.tsx';
import { CardSkeleton, SectionCard } from '../../../../shared/ui/layout/section-card.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import { infoToast, successToast } from '../../../../shared/ui/toast.ts';
import { claimApi } from '../../api/claims.ts';
import styles from '../../components/claims.module.css';
import { beijingToday, blank, draftProblem, type Draft } from './claim-report-model.ts';

type State = { phase: 'loading' } | { phase: 'refused'; message: string } | { phase: 'ready'; options: ClaimOptions };

/**
 * `/claimReport?policyNo=` (log-in): 理赔报案 of a policy in force. The
 * insureds, the kinds the product's manifest allows for this policy's plan
 * and the cover period come from the server; the report is created here,
 * and its photos are added and it is sent on its detail page.
 */
export default function ClaimReportScreen() {
  const [query] = useSearchParams();
  const policyNo = query.get('policyNo') ?? '';
  const navigate = useAppNavigate();
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [draft, setDraft] = useState<Draft>(blank);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  useEffect(() => {
    claimApi.options(policyNo).then(
      (options) => setState({ phase: 'ready', options }),
      (error: unknown) => setState({ phase: 'refused', message: errorMessage(error) }),
    );
  }, [policyNo]);

  const title = '理赔报案';
  if (state.phase === 'loading') return <AppPage title={title}><CardSkeleton count={2} /></AppPage>;
  if (state.phase === 'refused') {
    return (
      <AppPage title={title}>
        <StatusBlock kind="empty" title="暂不能线上报案" description={state.message} fullPage>
          <Button shape="rounded" onClick={() => navigate(-1)}>返回</Button>
        </StatusBlock>
      </AppPage>
    );
  }
  const { options } = state;
  const kind = options.kinds.find((k) => k.kind === draft.kind);

  const submit = async () => {
    const problem = draftProblem(draft, options);
    if (problem) return infoToast(problem);
    const body: ReportClaimBody = {
      policyNo,
      insuredIndex: draft.insuredIndex!,
      kind: draft.kind!,
      accidentDate: draft.accidentDate,
      accidentPlace: draft.accidentPlace.trim(),
      description: draft.description.trim(),
      bank: { accountName: draft.accountName.trim(), bankName: draft.bankName.trim(), accountNo: draft.accountNo.replace(/\s/g, '') },
    };
    setSaving(true);
    try {
      const created = await claimApi.report(body);
      successToast('报案成功，请上传理赔资料');
      navigate(paths.claimDetail(created.claimNo), { replace: true });
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppPage title={title} hasBottomBar>
      <SectionCard title={options.productName}>
        <p className={styles.hint}>保单号 {options.policyNo} · 保障期间 {options.coverStart} 至 {options.coverEnd}</p>
        <div className={styles.form}>
          <div className={styles.field}>
            <span className={styles.label}>出险人</span>
            <Selector columns={2} options={options.insureds.map((p) => ({ label: p.name, value: String(p.index) }))} value={draft.insuredIndex === undefined ? [] : [String(draft.insuredIndex)]} onChange={(v) => set({ insuredIndex: v[0] === undefined ? undefined : Number(v[0]) })} />
          </div>
          <div className={styles.field}>
            <span className={styles.label}>报案类型</span>
            <Selector columns={2} options={options.kinds.map((k) => ({ label: k.name, value: k.kind }))} value={draft.kind ? [draft.kind] : []} onChange={(v) => set({ kind: v[0] as ClaimKind | undefined })} />
            {kind && <p className={styles.hint}>需准备：{kind.documents.map((d) => `${d.name}${d.required ? '' : '（如有）'}`).join('、')}</p>}
          </div>
          <label className={styles.field}>
            <span className={styles.label}>出险日期</span>
            <input className={styles.date} type="date" aria-label="出险日期" min={options.coverStart} max={options.coverEnd < beijingToday() ? options.coverEnd : beijingToday()} value={draft.accidentDate} onChange={(e) => set({ accidentDate: e.target.value })} />
          </label>
          <label className={styles.field}>
            <span className={styles.label}>出险地点</span>
            <Input placeholder="如：学校操场、小区楼下" maxLength={100} value={draft.accidentPlace} onChange={(v) => set({ accidentPlace: v })} />
          </label>
          <label className={styles.field}>
            <span className={styles.label}>事故经过</span>
            <TextArea placeholder="请简要描述事故发生的时间、经过和受伤情况" maxLength={500} showCount rows={4} value={draft.description} onChange={(v) => set({ description: v })} />
          </label>
        </div>
      </SectionCard>
      <SectionCard title="收款账户">
        <p className={styles.hint}>收款人须为投保人或被保险人的监护人，理赔款将转入该账户。提交后账号将脱敏显示。</p>
        <div className={styles.form}>
          <label className={styles.field}>
            <span className={styles.label}>收款人姓名</span>
            <Input placeholder="请输入收款人姓名" maxLength={40} value={draft.accountName} onChange={(v) => set({ accountName: v })} />
          </label>
          <label className={styles.field}>
            <span className={styles.label}>开户银行</span>
            <Input placeholder="如：中国工商银行济宁分行" maxLength={60} value={draft.bankName} onChange={(v) => set({ bankName: v })} />
          </label>
          <label className={styles.field}>
            <span className={styles.label}>银行卡号</span>
            <Input placeholder="请输入银行卡号" inputMode="numeric" maxLength={36} value={draft.accountNo} onChange={(v) => set({ accountNo: v })} />
          </label>
        </div>
      </SectionCard>
      {options.hotline && <p className={styles.hint}>如遇紧急情况，请先拨打保险公司报案电话 {options.hotline}。</p>}
      <BottomBar>
        <Button block color="primary" shape="rounded" loading={saving} disabled={saving} onClick={() => void submit()}>
          提交报案
        </Button>
      </BottomBar>
    </AppPage>
  );
}
