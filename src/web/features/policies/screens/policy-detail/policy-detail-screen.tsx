import { useEffect, useState } from 'react';
import { useAppMutation, useAppQuery, useAppQueryClient } from '../../../../shared/api/query-hooks.ts';
import { Button } from 'antd-mobile';
import { useLocation, useSearchParams } from 'react-router-dom';
import { POLICY_STATUS_NAMES } from '../../../../../contract/policy-status.ts';
import { api } from '../../../../shared/api/endpoints.ts';
import { policyApi } from '../../../../shared/api/policy-api.ts';
import { queries, queryKeys } from '../../../../shared/api/queries.ts';
import { loginRedirectUrl } from '../../../../app/guards.ts';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage, BottomBar } from '../../../../shared/ui/app-page.tsx';
import { formatDay, formatYuan } from '../../../../shared/ui/format.ts';
import { InfoRows } from '../../../../shared/ui/layout/info-rows.tsx';
import { SectionCard } from '../../../../shared/ui/layout/section-card.tsx';
import layout from '../../../../shared/ui/layout/layout.module.css';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import { confirmDialog } from '../../../../shared/ui/dialog.ts';
import { successToast } from '../../../../shared/ui/toast.ts';
import { errorMessage, useRetryQuery } from '../../../../shared/ui/query-state.ts';
import { isLoggedIn } from '../../../../shared/state/session.ts';
// --- ratings
import { DELETABLE_STATUSES, E_POLICY_STATUSES, RATEABLE_STATUSES } from '../../../../../contract/policy-lifecycle.ts';
import { BIZ_TYPE, COMMENT_NODE } from '../../../../../engine/ratings/ratings.ts';
import { LazyRatingPopup } from '../../../ratings/index.ts';
import { formatRemaining, refundLine, statusOfRoute, STATUS_HINTS } from './policy-detail-model.ts';
import { EPolicyCard } from '../../components/e-policy/e-policy-card.tsx';
import styles from '../../components/policy-detail.module.css';

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

/** A change of the order from its page: the call, its success toast, and whether the page is left afterwards. */
interface PolicyAction {
  work: () => Promise<unknown>;
  done: string;
  leave?: boolean;
}

function PolicyDetail({ title, applicationFormCode }: { title: string; applicationFormCode: string }) {
  const navigate = useAppNavigate();
  const queryClient = useAppQueryClient();
  const query = useAppQuery(queries.policyDetail(applicationFormCode));
  const retry = useRetryQuery(queries.policyDetail(applicationFormCode).queryKey);
  // Cancel, surrender and delete change the order everywhere it shows: its detail, the lists and their counts.
  // After cancel or surrender this page shows the new status (fetched again while the buttons stay disabled);
  // delete leaves the page, so the rest is only marked stale and fetched where it shows next.
  const action = useAppMutation({
    mutationFn: ({ work }: PolicyAction) => work(),
    onSuccess: (_data, { done }) => successToast(done),
    onSettled: (_data, _error, { leave }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.policies, refetchType: leave ? 'none' : 'active' }),
  });
  const busy = action.isPending;
  // --- ratings: unknown (undefined) until the status call answers; a paid order is rated once (the server keeps it so).
  const [rating, setRating] = useState(false);
  const loaded = query.data;
  const orderCode = loaded?.detail.orderCode ?? '';
  const rateable = loaded !== undefined && RATEABLE_STATUSES.includes(loaded.detail.status);
  const ratingStatus = queries.ratingStatus(loaded?.detail.productCode ?? '', COMMENT_NODE.policy, BIZ_TYPE.order, orderCode);
  const { data: rated } = useAppQuery({ ...ratingStatus, enabled: rateable && orderCode !== '' });

  if (!loaded) {
    if (query.isError) {
      return (
        <AppPage title={title}>
          <LoadError description={errorMessage(query.error)} onRetry={retry} />
        </AppPage>
      );
    }
    return <AppPage title={title}><PageLoading /></AppPage>;
  }
  const { detail, charge, liability } = loaded;

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await action.mutateAsync({ work, done });
    } catch {
      // The API client has shown the server's message.
    }
  };
  const cancel = async () => {
    if (!(await confirmDialog({ content: '确定取消该订单吗？取消后不可恢复', confirmText: '取消订单', cancelText: '再想想' }))) return;
    await act(() => policyApi.cancelOrder(detail.orderCode), '订单已取消');
  };
  const surrender = async () => {
    if (!(await confirmDialog({ content: '确定退保吗？退保后保单将终止保障', confirmText: '确定退保', cancelText: '再想想' }))) return;
    await act(async () => policyApi.surrender(detail.policyNo ?? '', await api.resubToken()), '退保成功');
  };
  const remove = async () => {
    if (!(await confirmDialog({ content: '确定删除该订单吗？', confirmText: '删除', cancelText: '取消' }))) return;
    try {
      await action.mutateAsync({ work: () => policyApi.deleteOrder(detail.orderCode), done: '删除成功', leave: true });
      navigate(paths.policyList(), { replace: true });
    } catch {
      // The API client has shown the server's message.
    }
  };
  const pay = () =>
    navigate(
      paths.payoff({ orderCode: detail.orderCode, applicationFormCode: detail.applicationFormCode, productCode: detail.productCode, amount: detail.premium }),
    );

  const canPay = detail.status === 'toBePaid' && (charge?.payable ?? true);
  const canDelete = DELETABLE_STATUSES.includes(detail.status);
  const canRate = rateable && rated === false;
  const hasActions = canPay || detail.actions.length > 0 || canDelete || canRate;

  return (
    // The title follows the order as it is now, not the route it was opened from (a cancelled order opened from
    // 待支付 is titled 保单详情-已取消).
    <AppPage title={`保单详情-${POLICY_STATUS_NAMES[detail.status]}`} hasBottomBar={hasActions}>
      <section className={styles.head} data-testid="policy-detail-status" data-status={detail.status}>
        <p className={styles.status}>{detail.statusName}</p>
        <p className={styles.hint}>{STATUS_HINTS[detail.status]}</p>
        {charge?.payable && charge.payDeadline && (
          <p className={styles.hint}>
            请于 {charge.payDeadline} 前支付（剩余 <Countdown seconds={charge.remainingSeconds} />）
          </p>
        )}
      </section>
      <SectionCard title={detail.productName}>
        <InfoRows
          rows={[
            { label: '保障方案', value: detail.planName },
            { label: '保单号', value: detail.policyNo },
            { label: '订单号', value: detail.orderCode },
            // Until the payment fixes them (a start counted from the payment day), the dates are the product's rule.
            { label: '保障期间', value: detail.coverStartNote ?? `${formatDay(detail.startDate)} 至 ${formatDay(detail.endDate)}` },
            { label: '份数', value: `${detail.copies}份` },
            { label: '保费', value: formatYuan(detail.premium) },
            detail.isRenewal === 'Y' && { label: '续保', value: `第${detail.renewalTimes}次续保（上年保单 ${detail.renewalLastPolicyNo ?? ''}）` },
          ]}
        />
      </SectionCard>
      <SectionCard title="投保人与被保险人">
        <h4 className={layout.subTitle}>投保人</h4>
        <InfoRows
          rows={[
            { label: '姓名', value: detail.holder.name },
            { label: '证件号码', value: detail.holder.licenceNo },
            { label: '手机号', value: detail.holder.phone },
          ]}
        />
        {detail.insureds.map((p, i) => (
          <div key={i}>
            <h4 className={layout.subTitle}>被保险人{detail.insureds.length > 1 ? i + 1 : ''}</h4>
            <InfoRows
              rows={[
                { label: '姓名', value: p.name },
                { label: '证件号码', value: p.licenceNo },
              ]}
            />
          </div>
        ))}
        <InfoRows rows={[{ label: '受益人', value: detail.beneficiary }]} />
        <button type="button" className={`${styles.link} hit-44`} onClick={() => navigate(paths.insureDetail(detail.applicationFormCode))}>
          查看投保信息 ›
        </button>
      </SectionCard>
      {detail.policyNo && E_POLICY_STATUSES.includes(detail.status) && <EPolicyCard applicationFormCode={detail.applicationFormCode} policyNo={detail.policyNo} />}
      {detail.policyNo && detail.status === 'guarantee' && (
        <SectionCard title="理赔服务">
          <p className={styles.note}>保障期间内发生意外或疾病，可在线报案并上传理赔资料，随时查看理赔进度。</p>
          <div className={styles.ePolicyActions}>
            <Button color="primary" shape="rounded" size="small" onClick={() => navigate(paths.claimReport(detail.policyNo ?? ''))}>
              理赔报案
            </Button>
            <Button fill="outline" shape="rounded" size="small" onClick={() => navigate(paths.claimList())}>
              理赔记录
            </Button>
          </div>
        </SectionCard>
      )}
      {liability && liability.liabilities.length > 0 && (
        <SectionCard title="保障责任">
          <InfoRows spread rows={liability.liabilities.map((l) => ({ label: l.name, value: l.amount }))} />
        </SectionCard>
      )}
      {detail.refunds.length > 0 && (
        <SectionCard title="退款">
          <div data-testid="policy-detail-refunds">
            <InfoRows spread rows={detail.refunds.map(refundLine)} />
          </div>
        </SectionCard>
      )}
      {detail.history.length > 0 && (
        <SectionCard title="状态记录">
          <ol className={styles.history}>
            {detail.history.map((h, i) => (
              <li key={i}>
                {h.at} {POLICY_STATUS_NAMES[h.to]}
              </li>
            ))}
          </ol>
        </SectionCard>
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
      <LazyRatingPopup
        visible={rating}
        target={{ productCode: detail.productCode, productName: detail.productName, bizNo: detail.orderCode, bizType: BIZ_TYPE.order, commentNode: COMMENT_NODE.policy }}
        onClose={(succeeded) => {
          setRating(false);
          if (succeeded) queryClient.setQueryData(ratingStatus.queryKey, true);
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
