import { useEffect, useState } from 'react';
import { Button, Radio } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { useAppQuery } from '../../../../shared/api/query-hooks.ts';
import type { OrderDetail } from '../../../../../contract/order.ts';
import { PAID_STATUSES, PAYABLE_STATUSES } from '../../../../../contract/policy-lifecycle.ts';
import { withAttempts } from '../../api/async.ts';
import { api, type PayChannel } from '../../../../shared/api/endpoints.ts';
import { queries } from '../../../../shared/api/queries.ts';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage, BottomBar } from '../../../../shared/ui/app-page.tsx';
import { formatYuan } from '../../../../shared/ui/format.ts';
import { PageLoading } from '../../../../shared/ui/page-loading.tsx';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import { confirmDialog } from '../../../../shared/ui/dialog.ts';
import { clearToast, failToast, loadingToast } from '../../../../shared/ui/toast.ts';
import { appUrl, MSG_TO_PAYMENT, PAY_URL_ATTEMPTS, payBrowser, wechatAuthUrl } from '../../../insure/index.ts';
import { clearWechatOpenid, getWechatOpenid, setWechatOpenid } from '../../state/pay-session.ts';
import styles from './payoff-screen.module.css';
import { useSaleRecording } from '../../../recording/index.ts';
import '../../../../shared/ui/a11y/choice-inputs.css';

type Method = PayChannel | 'jd';

const METHODS: { value: Method; label: string; hint: string; color: string }[] = [
  { value: 'wechat', label: '微信支付', hint: '推荐微信用户使用', color: '#09bb07' },
  { value: 'alipay', label: '支付宝', hint: '推荐支付宝用户使用', color: '#1677ff' },
  { value: 'jd', label: '京东支付', hint: '京东账户或银行卡支付', color: '#e1251b' },
];

/** Inside WeChat only WeChat Pay works; elsewhere every method is offered. */
function methodsFor(browser: ReturnType<typeof payBrowser>) {
  return browser === 'wechat' ? METHODS.filter((m) => m.value === 'wechat') : METHODS;
}

function defaultChannel(): Method {
  return payBrowser(navigator.userAgent) === 'alipay' ? 'alipay' : 'wechat';
}

/** The OAuth answer WeChat puts before the hash (?code=…&state=…), removed once read so a reload does not reuse it. */
function takeOAuthAnswer(): { code: string | null; state: string | null } {
  const search = new URLSearchParams(window.location.search);
  const code = search.get('code');
  const state = search.get('state');
  if (code || state) {
    search.delete('code');
    search.delete('state');
    const rest = search.toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`);
  }
  return { code, state };
}

interface WeixinBridge {
  invoke(name: 'getBrandWCPayRequest', params: Record<string, string>, done: (result: { err_msg: string }) => void): void;
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
  // The recorded sale continues through the choice of payment (docs/recording.md).
  useSaleRecording(true, productCode);
  // The summary falls back to the query when the order cannot be read; paying does not depend on it, so it is not retried.
  const orderQuery = useAppQuery({ ...queries.orderDetail(orderCode), enabled: orderCode !== '', retry: false });
  const orderState: OrderState = !orderCode
    ? { status: 'unavailable' }
    : orderQuery.isPending
      ? { status: 'loading' }
      : orderQuery.data
        ? { status: 'ready', order: orderQuery.data }
        : { status: 'unavailable' };
  const [channel, setChannel] = useState<Method>(defaultChannel);
  const [paying, setPaying] = useState(false);
  const browser = payBrowser(navigator.userAgent);
  const [openid, setOpenid] = useState<string | null>(() => (browser === 'wechat' ? getWechatOpenid() : null));
  // While the OAuth code is exchanged, paying would only ask WeChat again.
  const [exchanging, setExchanging] = useState(() => browser === 'wechat' && new URLSearchParams(window.location.search).has('code'));

  // Back from WeChat authorisation: exchange the code for the payer's openid; a refusal shows /weixin.
  useEffect(() => {
    if (browser !== 'wechat') return;
    const { code, state } = takeOAuthAnswer();
    if (!code) {
      if (state && !getWechatOpenid()) navigate(paths.weixin(), { replace: true });
      return;
    }
    api
      .getOpenid(code, state ?? 'edu')
      .then(
        (data) => {
          if (!data?.openid) return;
          setWechatOpenid(data.openid);
          setOpenid(data.openid);
        },
        () => undefined,
      )
      .finally(() => setExchanging(false));
  }, [browser, navigate]);

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
  if (order && !PAYABLE_STATUSES.includes(order.status)) {
    const paid = PAID_STATUSES.includes(order.status);
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

  /** The cashier address of the chosen method (WeChat JSAPI is handled apart). */
  const cashierUrl = async (): Promise<string> => {
    if (channel === 'wechat') {
      // WeChat H5 pay in a phone browser outside WeChat (spec §7 wap_biz, docs/other-calls.md).
      const data = await api.payOrderWapBiz(orderCode, { silent: true });
      if (!data?.mwebUrl) throw new Error('empty mwebUrl');
      return data.mwebUrl;
    }
    if (channel === 'jd') {
      const data = await api.payOrderJd(orderCode, { silent: true });
      if (!data?.payUrl) throw new Error('empty payUrl');
      return data.payUrl;
    }
    const data = await api.payUrl(applicationFormCode, { silent: true, channel });
    if (!data?.payUrl) throw new Error('empty payUrl');
    return data.payUrl;
  };

  /** Inside WeChat: JSAPI pay with the payer's openid (authorising first when there is none). */
  const payInWechat = async (): Promise<void> => {
    if (!openid) {
      window.location.href = wechatAuthUrl(
        appUrl(window.location.pathname, paths.payoff({ orderCode, applicationFormCode, productCode, amount: query.get('amount') ?? '' })),
      );
      return;
    }
    const params = await api.payOrderWeixin(orderCode, openid, { silent: true });
    if (!params) {
      // Refused (the server knows no such openid of this account): the next tap authorises again.
      clearWechatOpenid();
      setOpenid(null);
      throw new Error('no pay parameters');
    }
    const bridge = (window as unknown as { WeixinJSBridge?: WeixinBridge }).WeixinJSBridge;
    if (!bridge) {
      // The sandbox stands in for WeixinJSBridge with its JSAPI cashier.
      if (!params.sandboxCashierUrl) throw new Error('no WeixinJSBridge');
      window.location.href = params.sandboxCashierUrl;
      return;
    }
    const { sandboxCashierUrl: _cashier, tradeNo: _trade, ...request } = params;
    bridge.invoke('getBrandWCPayRequest', request, (result) => {
      clearToast();
      setPaying(false);
      if (result.err_msg === 'get_brand_wcpay_request:ok') {
        navigate(paths.paySuccess({ orderCode, productCode, applicationFormCode }), { replace: true });
      } else failToast('支付未完成');
    });
  };

  const pay = async (): Promise<void> => {
    setPaying(true);
    loadingToast(MSG_TO_PAYMENT);
    try {
      if (browser === 'wechat') {
        await payInWechat();
        return;
      }
      const payUrl = await withAttempts(cashierUrl, PAY_URL_ATTEMPTS);
      window.location.href = payUrl;
    } catch {
      clearToast();
      setPaying(false);
      const retry = await confirmDialog({ title: '网络异常', content: '获取支付信息失败', confirmText: '请重试', cancelText: '取消' });
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
        <Radio.Group value={channel} onChange={(v) => setChannel(v as Method)}>
          {methodsFor(browser).map((method) => (
            // The whole row is the radio's <label>: its name is the method and its hint, all of it the target.
            <Radio key={method.value} value={method.value} block className={styles.method}>
              <span className={styles.methodIcon} style={{ background: method.color }} aria-hidden="true">
                {method.label.slice(0, 1)}
              </span>
              <span className={styles.methodText}>
                <span className={styles.methodName}>{method.label}</span>
                <span className={styles.methodHint}>{method.hint}</span>
              </span>
            </Radio>
          ))}
        </Radio.Group>
      </section>
      <p className={styles.tip}>请在订单创建后30分钟内完成支付，超时订单将自动取消。</p>

      <BottomBar>
        <div className={styles.bar}>
          <span className={styles.barAmount}>
            实付 <strong>{formatYuan(amount)}</strong>
          </span>
          <Button color="primary" shape="rounded" size="large" loading={paying || exchanging} onClick={() => void pay()} data-testid="pay-now">
            立即支付
          </Button>
        </div>
      </BottomBar>
    </AppPage>
  );
}
