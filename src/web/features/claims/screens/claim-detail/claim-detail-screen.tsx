import { useCallback, useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { MAX_CLAIM_FILE_BYTES, MAX_CLAIM_FILES, type ClaimDetail } from '../../../../../contract/claims.ts';
import { AppPage, BottomBar } from '../../../../shared/ui/app-page.tsx';
import { formatYuan } from '../../../../shared/ui/format.ts';
import { InfoRows } from '../../../../shared/ui/layout/info-rows.tsx';
import { CardSkeleton, SectionCard } from '../../../../shared/ui/layout/section-card.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { infoToast, successToast } from '../../../../shared/ui/toast.ts';
import { claimApi } from '../../api/claims.ts';
import { ClaimPhoto } from '../../components/claim-photo.tsx';
import { reducePhoto } from '../../components/photo-reduction.ts';
import styles from '../../components/claims.module.css';

type State = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; claim: ClaimDetail };

const STATUS_NOTES: Readonly<Record<ClaimDetail['status'], string>> = {
  reported: '请按资料清单上传照片后提交，保险公司收到后开始审核。',
  reviewing: '保险公司正在审核您的理赔资料，结果将以短信通知您。',
  needMore: '保险公司需要您补充资料，请按说明上传后再次提交。',
  closed: '理赔已结案，赔款将转入您的收款账户。',
  declined: '保险公司审核后不予赔付，如有疑问请联系保险公司客服。',
};

/**
 * `/claimDetail?claimNo=` (log-in): one claim with its status, what the
 * insurer asked or decided, the documents of its kind with their photos
 * (added while it can be sent: reduced in the browser first; each shown as
 * stored, and deleted while it can be sent), 提交 and the
 * timeline.
 */
export default function ClaimDetailScreen() {
  const [query] = useSearchParams();
  const claimNo = query.get('claimNo') ?? '';
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setState({ phase: 'ready', claim: await claimApi.detail(claimNo) });
    } catch {
      setState({ phase: 'error' });
    }
  }, [claimNo]);
  useEffect(() => {
    void load();
  }, [load]);

  const title = '理赔详情';
  if (state.phase === 'loading') return <AppPage title={title}><CardSkeleton count={2} /></AppPage>;
  if (state.phase === 'error') return <AppPage title={title}><LoadError description="理赔详情加载失败，请稍后重试" onRetry={() => void load()} /></AppPage>;
  const { claim } = state;

  const upload = async (document: string, files: FileList | null) => {
    const chosen = [...(files ?? [])];
    if (chosen.length === 0) return;
    if (claim.files.length + chosen.length > MAX_CLAIM_FILES) return infoToast(`每个理赔最多上传${MAX_CLAIM_FILES}张图片`);
    const tooBig = chosen.find((f) => f.size > MAX_CLAIM_FILE_BYTES);
    if (tooBig) return infoToast('单张图片不能超过10MB');
    setBusy(true);
    try {
      for (const file of chosen) {
        const photo = await reducePhoto(file);
        await claimApi.addFile(claim.claimNo, document, photo.blob, photo.filename);
      }
      successToast('上传成功');
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
      await load();
    }
  };
  const send = async () => {
    setBusy(true);
    try {
      await claimApi.send(claim.claimNo);
      successToast(claim.sent ? '补充资料已提交' : '理赔申请已提交');
    } catch {
      // The client has shown the server's message (a required document without a photo).
    } finally {
      setBusy(false);
      await load();
    }
  };

  return (
    <AppPage title={title} hasBottomBar={claim.canSend}>
      <section className={styles.status} data-testid="claim-status" data-status={claim.status}>
        <p className={styles.statusName}>{claim.statusName}</p>
        <p className={styles.statusNote}>{claim.status === 'reported' && claim.sent ? '理赔申请已提交，等待保险公司受理。' : STATUS_NOTES[claim.status]}</p>
        {claim.status === 'closed' && claim.amount !== null && <p className={styles.statusNote}>赔付金额 {formatYuan(claim.amount)}</p>}
        {claim.insurerNote && <p className={styles.statusNote}>保险公司说明：{claim.insurerNote}</p>}
      </section>
      <SectionCard title={claim.productName}>
        <InfoRows
          rows={[
            { label: '报案号', value: claim.claimNo },
            { label: '保单号', value: claim.policyNo },
            { label: '出险人', value: claim.insuredName },
            { label: '报案类型', value: claim.kindName },
            { label: '出险日期', value: claim.accidentDate },
            { label: '出险地点', value: claim.accidentPlace },
            { label: '事故经过', value: claim.description },
            { label: '收款账户', value: `${claim.bank.accountName} ${claim.bank.bankName} ${claim.bank.accountNo}` },
          ]}
        />
      </SectionCard>
      <SectionCard title={`理赔资料（${claim.files.length}/${MAX_CLAIM_FILES}）`}>
        {claim.documents.map((d) => {
          const files = claim.files.filter((f) => f.document === d.code);
          return (
            <div key={d.code} className={styles.document} data-testid={`claim-document-${d.code}`}>
              <div className={styles.documentHead}>
                <span>
                  {d.name}
                  {d.required && <span className={styles.required}>*</span>}
                </span>
                {claim.canSend && (
                  <label className={styles.upload}>
                    {busy ? '上传中…' : '上传照片'}
                    <input type="file" accept="image/jpeg,image/png,image/heic,.heic" multiple disabled={busy} aria-label={`上传${d.name}`} onChange={(e) => void upload(d.code, e.target.files)} />
                  </label>
                )}
              </div>
              <ul className={styles.files}>
                {files.length === 0 ? <li>尚未上传</li> : files.map((f, i) => <ClaimPhoto key={f.id} claimNo={claim.claimNo} file={f} index={i} removable={claim.canSend && !busy} onRemoved={() => void load()} />)}
              </ul>
            </div>
          );
        })}
        <p className={styles.hint}>支持 JPG、PNG、HEIC，单张不超过10MB，照片上传前会自动压缩并去除拍摄位置信息。</p>
      </SectionCard>
      <SectionCard title="理赔进度">
        <ol className={styles.timeline} data-testid="claim-timeline">
          {claim.history.map((h, i) => (
            <li key={i}>
              {h.at} {h.statusName}
              {h.note ? `：${h.note}` : ''}
            </li>
          ))}
        </ol>
      </SectionCard>
      {claim.canSend && (
        <BottomBar>
          <Button block color="primary" shape="rounded" loading={busy} disabled={busy} onClick={() => void send()}>
            {claim.sent ? '提交补充资料' : '提交理赔申请'}
          </Button>
        </BottomBar>
      )}
    </AppPage>
  );
}
