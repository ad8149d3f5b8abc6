import { useCallback, useEffect, useState } from 'react';
import { Button, Dialog } from 'antd-mobile';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { AppDetail, LiabilityDetail, OrderCharge } from '../../../contract/policy.ts';
import { POLICY_STATUS_NAMES } from '../../../contract/policy-status.ts';
import { api } from '../../api/endpoints.ts';
import { policyApi } from '../../api/policy-api.ts';
import { loginRedirectUrl } from '../../app/guards.ts';
import { paths } from '../../app/paths.ts';
import { useAppNavigate } from '../../app/use-app-navigate.ts';
import { AppPage, BottomBar } from '../../components/app-page.tsx';
import { formatDay, formatYuan } from '../../components/format.ts';
import { LoadError } from '../../components/load-error.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { StatusBlock } from '../../components/status-block.tsx';
import { successToast } from '../../components/toast.ts';
import { isLoggedIn } from '../../state/session.ts';
// --- ratings
import { RATEABLE_STATUSES } from '../../../contract/policy-lifecycle.ts';
import { ratingApi } from '../../api/ratings.ts';
import { RatingPopup } from '../../components/rating-popup/rating-popup.tsx';
import { formatRemaining, statusOfRoute, STATUS_HINTS } from './policy-detail-model.ts';
import styles from '../../components/policy/policy-detail.module.css';

type State =
  | { phase: 'loading' }
  | { phase: 'error'; message: string }
  | { phase: 'ready'; detail: AppDetail; charge: OrderCharge | null; liability: LiabilityDetail | null };

/**
 * Every policy detail route of spec §2 (/policyDetailTobePaid …
 * /policyDetailWaitInsurance?applicationFormCode=): one screen driven by the
 * application's status, with the actions the lifecycle allows (pay and cancel
 * while unpaid, surrender while issued, delete once closed).
 */
export default function PolicyDetailScreen() {
  const [query] = useSearchParams();
  const location = useLocation();
  const routeStatus = statusOfRoute(location.pathname) ?? 'waitInsurance';
  const title = `保单详情-${POLICY_STATUS_NAMES[routeStatus]}`;
  const code = query.get('applicationFormCode') ?? '';
  // /policyDetailWaitInsurance needs no log-in: a visitor learns what the status means, nothing of the policy.
  if (!isLoggedIn()) return <VisitorView title={title} />;
  return <PolicyDetail title={title} applicationFormCode={code} />;
}

function VisitorView({ title }: { title: string }) {
  const navigate = useAppNavigate();
  const location = useLocation();
  return (
    <AppPage title={title}>
      <StatusBlock kind="empty" title="待起保" description={`${STATUS_HINTS.waitInsurance}。登录后可查看保单详情。`}>
        <Button color="primary" shape="rounded" onClick={() => navigate(loginRedirectUrl({ pathname: location.pathname, search: location.search }))}>
          登录查看保单
        </Button>
      </StatusBlock>
    </AppPage>
  );
}

function PolicyDetail({ title, applicationFormCode }: { title: string; applicationFormCode: string }) {
  const navigate = useAppNavigate();
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [busy, setBusy] = useState(false);
  // --- ratings: null until known; a paid order is rated once (the server keeps it so).
  const [rated, setRated] = useState<boolean | null>(null);
  const [rating, setRating] = useState(false);
  const orderCode = state.phase === 'ready' ? state.detail.orderCode : '';
  const rateable = state.phase === 'ready' && RATEABLE_STATUSES.includes(state.detail.status);
  useEffect(() => {
    if (!rateable || !orderCode) return;
    let live = true;
    ratingApi
      .status('00', '00', [orderCode], { silent: true })
      .then((data) => live && setRated(Boolean(data?.rated.includes(orderCode))))
      .catch(() => live && setRated(null));
    return () => {
      live = false;
    };
  }, [rateable, orderCode]);

  const load = useCallback(async () => {
    try {
      const detail = await policyApi.appDetail(applicationFormCode, { silent: true });
      if (!detail) throw new Error('保单不存在');
      const [charge, liability] = await Promise.all([
        detail.status === 'toBePaid' ? policyApi.orderCharge(detail.orderCode, { silent: true }).catch(() => null) : null,
        detail.policyNo ? policyApi.liability(detail.policyNo, { silent: true }).catch(() => null) : null,
      ]);
      setState({ phase: 'ready', detail, charge, liability });
    } catch (error) {
      setState({ phase: 'error', message: error instanceof Error ? error.message : '加载失败' });
    }
  }, [applicationFormCode]);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.phase === 'loading') return <AppPage title={title}><PageLoading /></AppPage>;
  if (state.phase === 'error') {
    return (
      <AppPage title={title}>
        <LoadError description={state.message} onRetry={() => { setState({ phase: 'loading' }); void load(); }} />
      </AppPage>
    );
  }
  const { detail, charge, liability } = state;

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      successToast(done);
      await load();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  const cancel = async () => {
    if (!(await Dialog.confirm({ content: '确定取消该订单吗？取消后不可恢复', confirmText: '取消订单', cancelText: '再想想' }))) return;
    await act(() => policyApi.cancelOrder(detail.orderCode), '订单已取消');
  };
  const surrender = async () => {
    if (!(await Dialog.confirm({ content: '确定退保吗？退保后保单将终止保障', confirmText: '确定退保', cancelText: '再想想' }))) return;
    await act(async () => policyApi.surrender(detail.policyNo ?? '', await api.resubToken()), '退保成功');
  };
  const remove = async () => {
    if (!(await Dialog.confirm({ content: '确定删除该订单吗？', confirmText: '删除', cancelText: '取消' }))) return;
    setBusy(true);
    try {
      await policyApi.deleteOrder(detail.orderCode);
      successToast('删除成功');
      navigate(paths.policyList(), { replace: true });
    } catch {
      setBusy(false);
    }
  };
  const pay = () =>
    navigate(
      paths.payoff({ orderCode: detail.orderCode, applicationFormCode: detail.applicationFormCode, productCode: detail.productCode, amount: detail.premium }),
    );

  const canPay = detail.status === 'toBePaid' && (charge?.payable ?? true);
  const canDelete = detail.status === 'cancel' || detail.status === 'paymentTimeout';
  const canRate = rateable && rated === false;
  const hasActions = canPay || detail.actions.length > 0 || canDelete || canRate;

  return (
    <AppPage title={title} hasBottomBar={hasActions}>
      <section className={styles.head} data-testid="policy-detail-status" data-status={detail.status}>
        <p className={styles.status}>{detail.statusName}</p>
        <p className={styles.hint}>{STATUS_HINTS[detail.status]}</p>
        {charge?.payable && charge.payDeadline && (
          <p className={styles.hint}>
            请于 {charge.payDeadline} 前支付（剩余 <Countdown seconds={charge.remainingSeconds} />）
          </p>
        )}
      </section>
      <section className={styles.card}>
        <h3>{detail.productName}</h3>
        <dl className={styles.rows}>
          <Row label="保障方案" value={detail.planName} />
          {detail.policyNo && <Row label="保单号" value={detail.policyNo} />}
          <Row label="订单号" value={detail.orderCode} />
          <Row label="保障期间" value={`${formatDay(detail.startDate)} 至 ${formatDay(detail.endDate)}`} />
          <Row label="份数" value={`${detail.copies}份`} />
          <Row label="保费" value={formatYuan(detail.premium)} />
          {detail.isRenewal === 'Y' && <Row label="续保" value={`第${detail.renewalTimes}次续保（上年保单 ${detail.renewalLastPolicyNo ?? ''}）`} />}
        </dl>
      </section>
      <section className={styles.card}>
        <h3>投保人</h3>
        <dl className={styles.rows}>
          <Row label="姓名" value={detail.holder.name} />
          <Row label="证件号码" value={detail.holder.licenceNo} />
          {detail.holder.phone && <Row label="手机号" value={detail.holder.phone} />}
        </dl>
        {detail.insureds.map((p, i) => (
          <div key={i}>
            <h3>被保险人{detail.insureds.length > 1 ? i + 1 : ''}</h3>
            <dl className={styles.rows}>
              <Row label="姓名" value={p.name} />
              <Row label="证件号码" value={p.licenceNo} />
            </dl>
          </div>
        ))}
        <dl className={styles.rows}>
          <Row label="受益人" value={detail.beneficiary} />
        </dl>
        <button type="button" className={styles.link} onClick={() => navigate(paths.insureDetail(detail.applicationFormCode))}>
          查看投保信息 ›
        </button>
      </section>
      {liability && liability.liabilities.length > 0 && (
        <section className={styles.card}>
          <h3>保障责任</h3>
          <dl className={styles.rows}>
            {liability.liabilities.map((l, i) => (
              <Row key={i} label={l.name} value={l.amount} />
            ))}
          </dl>
        </section>
      )}
      {detail.history.length > 0 && (
        <section className={styles.card}>
          <h3>状态记录</h3>
          <ol className={styles.history}>
            {detail.history.map((h, i) => (
              <li key={i}>
                {h.at} {POLICY_STATUS_NAMES[h.to]}
              </li>
            ))}
          </ol>
        </section>
      )}
      {hasActions && (
        <BottomBar>
          <div className={styles.actions}>
            {detail.actions.includes('cancel') && (
              <Button fill="outline" shape="rounded" disabled={busy} onClick={() => void cancel()}>
                取消订单
              </Button>
            )}
            {canPay && (
              <Button color="primary" shape="rounded" disabled={busy} onClick={pay}>
                去支付
              </Button>
            )}
            {detail.actions.includes('surrender') && (
              <Button color="danger" fill="outline" shape="rounded" disabled={busy} onClick={() => void surrender()}>
                退保
              </Button>
            )}
            {canDelete && (
              <Button fill="outline" shape="rounded" disabled={busy} onClick={() => void remove()}>
                删除订单
              </Button>
            )}
            {canRate && (
              <Button color="primary" fill="outline" shape="rounded" disabled={busy} onClick={() => setRating(true)} data-testid="rate-order">
                评价
              </Button>
            )}
          </div>
        </BottomBar>
      )}
      <RatingPopup
        visible={rating}
        target={{ productCode: detail.productCode, productName: detail.productName, bizNo: detail.orderCode, bizType: '00', commentNode: '00' }}
        onClose={(succeeded) => {
          setRating(false);
          if (succeeded) setRated(true);
        }}
      />
    </AppPage>
  );
}

/** Seconds left to pay, counting down once a second from what the server said. */
function Countdown({ seconds }: { seconds: number }) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    const started = Date.now();
    const timer = setInterval(() => setLeft(Math.max(0, seconds - Math.floor((Date.now() - started) / 1000))), 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return <>{formatRemaining(left)}</>;
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
