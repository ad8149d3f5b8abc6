import { useCallback, useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import type { OrderDetail, PolicyListItem } from '../../../../../contract/order.ts';
import { pollUntil } from '../../api/async.ts';
import { ErrorCode } from '../../../../../contract/envelope.ts';
import { ApiError } from '../../../../shared/api/client.ts';
import { api } from '../../../../shared/api/endpoints.ts';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { alertDialog } from '../../../../shared/ui/dialog.ts';
import { formatDay } from '../../../../shared/ui/format.ts';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import { PaySuccess } from '../../components/pay-success.tsx';
import { forgetPlacedOrder } from '../../state/placed-order.ts';
import { finishSale, useSaleRecording } from '../../../recording/index.ts';
import { DELETABLE_STATUSES, PAYABLE_STATUSES } from '../../../../../contract/policy-lifecycle.ts';

/** The payment notification is asynchronous: the order is polled every second for about 30 s. */
const POLL_INTERVAL_MS = 1000;
const POLL_TIMEOUT_MS = 30_000;
/** Statuses after which the order can never be paid: final and never paid. */
const DEAD = new Set<OrderDetail['status']>(DELETABLE_STATUSES);
/** Answers that waiting will not change: no such order, not the user's, not logged in. */
const FATAL_CODES = new Set<string>([ErrorCode.NotFound, ErrorCode.Forbidden, ErrorCode.LoginRequired, ErrorCode.AccountInvalid, 'HTTP_401']);

type State =
  | { status: 'waiting' }
  | { status: 'paid'; order: OrderDetail; policy: PolicyListItem | null }
  | { status: 'dead'; order: OrderDetail }
  | { status: 'timeout' }
  | { status: 'unknown'; message: string };

/** The policy of this application, for its cover dates (the order detail has none). */
async function findPolicy(applicationFormCode: string): Promise<PolicyListItem | null> {
  try {
    const page = await api.policyList({ pageNum: 1, pageSize: 15 }, { silent: true });
    return page?.list.find((p) => p.applicationFormCode === applicationFormCode) ?? null;
  } catch {
    return null;
  }
}

/** Shows the product's alerts at 'paySuccess', if any. */
async function showAlerts(productCode: string): Promise<void> {
  if (!productCode) return;
  try {
    const manifest = await api.productManifest(productCode, { silent: true });
    for (const alert of manifest?.alerts ?? []) {
      if (alert.at === 'paySuccess') await alertDialog({ content: alert.text, confirmText: '我知道了' });
    }
  } catch {
    // Alerts are a courtesy; the result stands without them.
  }
}

/** `/paySuccess?orderCode&productCode&applicationFormCode`: waits for the payment to be confirmed. */
export default function PaySuccessScreen() {
  const [query] = useSearchParams();
  const navigate = useAppNavigate();
  const orderCode = query.get('orderCode') ?? '';
  const productCode = query.get('productCode') ?? '';
  const applicationFormCode = query.get('applicationFormCode') ?? '';
  const [state, setState] = useState<State>({ status: 'waiting' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!orderCode) return;
    // The order reached its payment result: the insure page no longer offers to pay it.
    forgetPlacedOrder(orderCode);
    const controller = new AbortController();
    setState({ status: 'waiting' });
    void (async () => {
      try {
        const outcome = await pollUntil(
          () => api.orderDetail(orderCode, { silent: true }),
          (order) => Boolean(order) && !PAYABLE_STATUSES.includes(order.status),
          {
            intervalMs: POLL_INTERVAL_MS,
            timeoutMs: POLL_TIMEOUT_MS,
            signal: controller.signal,
            isFatal: (error) => error instanceof ApiError && FATAL_CODES.has(error.code),
          },
        );
        if (controller.signal.aborted) return;
        if (outcome.status === 'timeout') return setState({ status: 'timeout' });
        const order = outcome.value;
        if (DEAD.has(order.status)) return setState({ status: 'dead', order });
        const formCode = order.applicationFormCode || applicationFormCode;
        const policy = await findPolicy(formCode);
        if (controller.signal.aborted) return;
        setState({ status: 'paid', order, policy });
        void showAlerts(order.productCode || productCode);
        // The insurer issues the policy a moment after the payment: the page shows 出单中 meanwhile
        // and its number as soon as it exists (a parent should not have to reload to see it).
        if (!(order.policyNo ?? policy?.policyNo)) {
          const issued = await pollUntil(
            () => findPolicy(formCode),
            (found) => Boolean(found?.policyNo),
            { intervalMs: POLL_INTERVAL_MS, timeoutMs: POLL_TIMEOUT_MS, signal: controller.signal },
          );
          if (!controller.signal.aborted && issued.status === 'done') setState({ status: 'paid', order, policy: issued.value });
        }
      } catch (error) {
        // Aborted: the screen was left or a new attempt started.
        if (controller.signal.aborted) return;
        setState({ status: 'unknown', message: error instanceof Error ? error.message : '订单不存在' });
      }
    })();
    return () => controller.abort();
  }, [orderCode, applicationFormCode, productCode, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // The recorded sale ends on its payment result (docs/recording.md); a timeout keeps recording.
  useSaleRecording(true, productCode);
  useEffect(() => {
    if (state.status === 'paid') finishSale(orderCode, 'success');
    if (state.status === 'dead') finishSale(orderCode, 'failure');
  }, [state.status, orderCode]);

  if (!orderCode) {
    return (
      <AppPage title="支付结果" back={false}>
        <StatusBlock kind="empty" title="缺少订单信息" description="请在我的保单中查看支付结果">
          <Button color="primary" shape="rounded" onClick={() => navigate(paths.policyList(), { replace: true })}>
            查看保单
          </Button>
        </StatusBlock>
      </AppPage>
    );
  }

  return (
    <AppPage title="支付结果" back={false}>
      {state.status === 'waiting' && <PageLoading text="支付结果确认中…" />}
      {state.status === 'timeout' && (
        <StatusBlock
          kind="error"
          title="暂未查询到支付结果"
          description="支付结果确认超时。如您已完成支付，请稍后在我的保单中查看，请勿重复支付。"
        >
          <Button color="primary" shape="rounded" onClick={retry} data-testid="retry">
            重新查询
          </Button>
          <Button shape="rounded" onClick={() => navigate(paths.policyList(), { replace: true })}>
            查看保单
          </Button>
        </StatusBlock>
      )}
      {state.status === 'unknown' && (
        <StatusBlock kind="empty" title="未找到该订单" description={state.message}>
          <Button color="primary" shape="rounded" onClick={() => navigate(paths.policyList(), { replace: true })}>
            查看保单
          </Button>
        </StatusBlock>
      )}
      {state.status === 'dead' && (
        <StatusBlock kind="error" title="订单未支付" description={`订单已${state.order.status === 'cancel' ? '取消' : '超时'}，请重新投保`}>
          <Button color="primary" shape="rounded" onClick={() => navigate(paths.home(), { replace: true })}>
            返回首页
          </Button>
        </StatusBlock>
      )}
      {state.status === 'paid' && (
        <PaidResult
          order={state.order}
          policy={state.policy}
          onPolicies={() => navigate(paths.policyList(), { replace: true })}
          onHome={() => navigate(paths.home(), { replace: true })}
        />
      )}
    </AppPage>
  );
}

function PaidResult({
  order,
  policy,
  onPolicies,
  onHome,
}: {
  order: OrderDetail;
  policy: PolicyListItem | null;
  onPolicies: () => void;
  onHome: () => void;
}) {
  const policyNo = order.policyNo ?? policy?.policyNo ?? null;
  return (
    <PaySuccess
      color="#00b578"
      amount={order.amount}
      amountTestId="paid-amount"
      subtitle={policyNo ? '保单已生成，保障将在起保日生效' : '保单正在生成中，请稍后在我的保单中查看'}
      rows={[
        { label: '产品名称', value: order.productName },
        { label: '保障方案', value: order.planName },
        policy && { label: '保障期间', value: `${formatDay(policy.startDate)} 至 ${formatDay(policy.endDate)}` },
        { label: '保单号', value: policyNo ?? '出单中' },
        { label: '订单号', value: order.orderCode },
      ]}
      onPolicies={onPolicies}
      onHome={onHome}
    />
  );
}
