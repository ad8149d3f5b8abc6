import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import type { JdOrder } from '../../../../../contract/payment.ts';
import { pollUntil } from '../../api/async.ts';
import { api } from '../../../../shared/api/endpoints.ts';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import { PaySuccess } from '../../components/pay-success.tsx';

const POLL_INTERVAL_MS = 1000;
const POLL_TIMEOUT_MS = 30_000;

type State = { status: 'waiting' } | { status: 'done'; trade: JdOrder } | { status: 'timeout' } | { status: 'unknown' };

/**
 * `/paySuccessJD?tradeNum` (spec §2: no log-in, titled as a payment success
 * through an online retail payment). JD sends the browser back here; the
 * trade's result is asked of `pay-svc/api/v1/edu/jd/order//{id}/1` until the
 * notification has arrived. No personal data is shown or needed.
 */
export default function PaySuccessJdScreen() {
  const [query] = useSearchParams();
  const navigate = useAppNavigate();
  const tradeNum = query.get('tradeNum') ?? '';
  const [state, setState] = useState<State>({ status: tradeNum ? 'waiting' : 'unknown' });

  useEffect(() => {
    if (!tradeNum) return;
    const controller = new AbortController();
    pollUntil(
      () => api.jdOrder(tradeNum, { silent: true }),
      (trade) => Boolean(trade) && trade.status !== 'pending',
      { intervalMs: POLL_INTERVAL_MS, timeoutMs: POLL_TIMEOUT_MS, signal: controller.signal },
    ).then(
      (outcome) => {
        if (controller.signal.aborted) return;
        setState(outcome.status === 'done' ? { status: 'done', trade: outcome.value } : { status: 'timeout' });
      },
      () => !controller.signal.aborted && setState({ status: 'unknown' }),
    );
    return () => controller.abort();
  }, [tradeNum]);

  const toPolicies = () => navigate(paths.policyList(), { replace: true });
  const toHome = () => navigate(paths.home(), { replace: true });
  const policiesButton = (
    <Button color="primary" shape="rounded" onClick={toPolicies}>
      查看保单
    </Button>
  );

  return (
    <AppPage title="京东支付-支付成功" back={false}>
      {state.status === 'waiting' && <PageLoading text="支付结果确认中…" />}
      {state.status === 'unknown' && (
        <StatusBlock kind="empty" title="未找到该笔支付" description="请在我的保单中查看支付结果">
          {policiesButton}
        </StatusBlock>
      )}
      {state.status === 'timeout' && (
        <StatusBlock kind="error" title="暂未查询到支付结果" description="如您已完成支付，请稍后在我的保单中查看，请勿重复支付。">
          {policiesButton}
        </StatusBlock>
      )}
      {state.status === 'done' && state.trade.status !== 'paid' && (
        <StatusBlock
          kind="error"
          title={state.trade.status === 'refund' ? '订单已关闭，款项将原路退回' : '支付未成功'}
          description={state.trade.status === 'refund' ? '该笔支付未能用于投保，退款将在1-3个工作日内原路退回。' : '请返回我的保单重新支付'}
        >
          {policiesButton}
        </StatusBlock>
      )}
      {state.status === 'done' && state.trade.status === 'paid' && (
        <PaySuccess
          color="#e1251b"
          amount={state.trade.amount}
          amountTestId="jd-paid-amount"
          subtitle="已通过京东支付完成付款，保单生成后可在我的保单中查看"
          rows={[
            { label: '产品名称', value: state.trade.productName },
            { label: '交易号', value: state.trade.tradeNum },
          ]}
          onPolicies={toPolicies}
          onHome={toHome}
        />
      )}
    </AppPage>
  );
}
