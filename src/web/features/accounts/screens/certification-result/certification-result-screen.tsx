import { useEffect, useState } from 'react';
import { Button, List } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { accountApi } from '../../api/accounts.ts';
import { paths } from '../../../../app/paths.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import styles from './certification-result-screen.module.css';

interface ResultView {
  idPassed: boolean;
  facePassed: boolean;
  faceLabel: string;
  idLabel: string;
  reason: string;
  name: string;
  idNo: string;
}

const FACE_LABELS: Record<string, string> = { passed: '通过', failed: '未通过', pending: '未完成' };

/**
 * `/CertificationResult` (log-in; also the face page's return address, with
 * verId and startFrom=2): the outcome of one verification, or without verId
 * the account's current authentication.
 */
export default function CertificationResultScreen() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const verId = query.get('verId');
  const [view, setView] = useState<ResultView | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = () => {
    setError(null);
    const fail = (e: unknown) => setError(e instanceof Error ? e.message : String(e));
    if (verId) {
      accountApi.verification(verId, { silent: true }).then((r) => {
        setView({
          idPassed: r.idStatus === 'passed',
          facePassed: r.faceStatus === 'passed',
          idLabel: r.idStatus === 'passed' ? '通过' : '未通过',
          faceLabel: r.faceStatus ? (FACE_LABELS[r.faceStatus] ?? '未完成') : '未开始',
          reason: r.reason,
          name: r.name,
          idNo: r.idNo,
        });
      }, fail);
    } else {
      accountApi.authenInfo({ silent: true }).then((a) => {
        setView({
          idPassed: a.realNameStatus === '1',
          facePassed: a.faceStatus === '1',
          idLabel: a.realNameStatus === '1' ? '通过' : '未认证',
          faceLabel: a.faceStatus === '1' ? '通过' : '未完成',
          reason: '',
          name: a.name,
          idNo: a.idNo,
        });
      }, fail);
    }
  };
  useEffect(load, [verId]);

  if (error) return <AppPage title="认证结果"><LoadError description={error} onRetry={load} /></AppPage>;
  if (!view) return <AppPage title="认证结果"><PageLoading /></AppPage>;
  const passed = view.idPassed && view.facePassed;
  return (
    <AppPage title="认证结果">
      <StatusBlock
        kind={passed ? 'empty' : 'error'}
        title={passed ? '认证成功' : '认证未通过'}
        description={passed ? '您已完成实名认证和人脸识别' : view.reason || '请核对信息后重新认证'}
      />
      <List className={styles.list}>
        <List.Item extra={view.name || '—'}>姓名</List.Item>
        <List.Item extra={view.idNo || '—'}>身份证号</List.Item>
        <List.Item extra={<span data-testid="id-status">{view.idLabel}</span>}>实名认证</List.Item>
        <List.Item extra={<span data-testid="face-status">{view.faceLabel}</span>}>人脸识别</List.Item>
      </List>
      <div className={styles.actions}>
        {!passed && (
          <Button block color="primary" shape="rounded" onClick={() => void navigate(paths.realNameAuth(), { replace: true })}>
            重新认证
          </Button>
        )}
        <Button block shape="rounded" onClick={() => void navigate(paths.myIndex(), { replace: true })}>
          返回个人中心
        </Button>
      </div>
    </AppPage>
  );
}
