import { useEffect, useState } from 'react';
import { Button, Dialog, Radio } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import type { OrderDetail } from '../../../contract/order.ts';
import { withAttempts } from '../../api/async.ts';
import { api, type PayChannel } from '../../api/endpoints.ts';
import { paths } from '../../app/paths.ts';
import { useAppNavigate } from '../../app/use-app-navigate.ts';
import { AppPage, BottomBar } from '../../components/app-page.tsx';
import { formatYuan } from '../../components/format.ts';
import { PageLoading } from '../../components/page-loading.tsx';
import { StatusBlock } from '../../components/status-block.tsx';
import { clearToast, loadingToast } from '../../components/toast.ts';
import styles from './payoff-screen.module.css';

/** Spec §9: the pay URL is fetched up to 3 times before the network-error prompt. */
const PAY_URL_ATTEMPTS = 3;

const METHODS: { value: PayChannel; label: string; hint: string; color: string }[] = [
  { value: 'wechat', label: '微信支付', hint: '推荐微信用户使用', color: '#09bb07' },
  { value: 'alipay', label: '支付宝', hint: '推荐支付宝用户使用', color: '#1677ff' },
];

function defaultChannel(): PayChannel {
  return /AlipayClient/i.test(navigator.userAgent) ? 'alipay' : 'wechat';
}

type OrderState = { status: 'loading' } | { status: 'ready'; order: OrderDetail } | { status: 'unavailable' };

/** `/payoff?orderCode&applicationFormCode&productCode&amount`: order summary, payment method, 立即支付. */
export default function PayoffScreen() {
  const [query] = useSearchParams();
  const navigate = useAppNavigate();
  const orderCode = query.get('orderCode') ?? '';
  const applicationFormCode = query.get('applicationFormCode') ?? '';
  const productCode = query.get('productCode') ?? '';
  const queryAmount = Number(query.get('amount'));
  const [orderState, setOrderState] = useState<OrderState>({ status: orderCode ? 'loading' : 'unavailable' });
  const [channel, setChannel] = useState<PayChannel>(defaultChannel);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    if (!orderCode) return;
    let live = true;
    api.orderDetail(orderCode, { silent: true }).then(
      (order) => live && setOrderState(order ? { status: 'ready', order } : { status: 'unavailable' }),
      // The summary falls back to the query; paying does not depend on it.
      () => live && setOrderState({ status: 'unavailable' }),
    );
    return () => {
      live = false;
    };
  }, [orderCode]);

  if (!orderCode || !applicationFormCode) {
    return (
      <AppPage title="订单支付">
        <StatusBlock kind="empty" title="订单信息缺失" description="请从我的保单重新发起支付">
          <Button color="primary" shape="rounded" onClick={() => navigate(paths.policyList())}>
            我的保单
          </Button>
        </StatusBlock>
      </AppPage>
    );
  }
  if (orderState.status === 'loading') {
    return (
      <AppPage title="订单支付">
        <PageLoading />
      </AppPage>
    );
  }

  const order = orderState.status === 'ready' ? orderState.order : null;
  if (order && order.status !== 'toBePaid') {
    const paid = ['waitIssue', 'waitInsurance', 'guarantee', 'issueFail'].includes(order.status);
    return (
      <AppPage title="订单支付">
        <StatusBlock
          kind="empty"
          title={paid ? '该订单已支付' : '该订单已无法支付'}
          description={paid ? '请在我的保单中查看保单状态' : '订单已超时或已取消，请重新投保'}
        >
          <Button color="primary" shape="rounded" onClick={() => navigate(paths.policyList(), { replace: true })}>
            查看保单
          </Button>
          <Button shape="rounded" onClick={() => navigate(paths.home(), { replace: true })}>
            返回首页
          </Button>
        </StatusBlock>
      </AppPage>
    );
  }

  const amount = order?.amount ?? (Number.isFinite(queryAmount) ? queryAmount : null);

  const pay = async (): Promise<void> => {
    setPaying(true);
    loadingToast('跳转支付页面');
    try {
      const { payUrl } = await withAttempts(async () => {
        const data = await api.payUrl(applicationFormCode, { silent: true, channel });
        if (!data?.payUrl) throw new Error('empty payUrl');
        return data;
      }, PAY_URL_ATTEMPTS);
      window.location.href = payUrl;
    } catch {
      clearToast();
      setPaying(false);
      const retry = await Dialog.confirm({ title: '网络异常', content: '获取支付信息失败', confirmText: '请重试', cancelText: '取消' });
      if (retry) await pay();
    }
  };

  return (
    <AppPage title="订单支付" hasBottomBar>
      <section className={styles.summary} aria-label="订单信息">
        <p className={styles.amountLabel}>支付金额</p>
        <p className={styles.amount} data-testid="payoff-amount">
          {formatYuan(amount)}
        </p>
        <dl className={styles.rows}>
          <div>
            <dt>产品名称</dt>
            <dd>{order?.productName ?? productCode}</dd>
          </div>
          {order?.planName && (
            <div>
              <dt>保障方案</dt>
              <dd>{order.planName}</dd>
            </div>
          )}
          <div>
            <dt>订单编号</dt>
            <dd>{orderCode}</dd>
          </div>
        </dl>
      </section>

      <section className={styles.methods} aria-label="支付方式">
        <h2 className={styles.methodsTitle}>选择支付方式</h2>
        <Radio.Group value={channel} onChange={(v) => setChannel(v as PayChannel)}>
          {METHODS.map((method) => (
            <div key={method.value} className={styles.method} onClick={() => setChannel(method.value)}>
              <span className={styles.methodIcon} style={{ background: method.color }} aria-hidden="true">
                {method.label.slice(0, 1)}
              </span>
              <span className={styles.methodText}>
                <span className={styles.methodName}>{method.label}</span>
                <span className={styles.methodHint}>{method.hint}</span>
              </span>
              <Radio value={method.value} aria-label={method.label} />
            </div>
          ))}
        </Radio.Group>
      </section>
      <p className={styles.tip}>请在订单创建后30分钟内完成支付，超时订单将自动取消。</p>

      <BottomBar>
        <div className={styles.bar}>
          <span className={styles.barAmount}>
            实付 <strong>{formatYuan(amount)}</strong>
          </span>
          <Button color="primary" shape="rounded" size="large" loading={paying} onClick={() => void pay()} data-testid="pay-now">
            立即支付
          </Button>
        </div>
      </BottomBar>
    </AppPage>
  );
}
