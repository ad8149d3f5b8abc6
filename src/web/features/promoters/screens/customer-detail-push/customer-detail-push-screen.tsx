import { useState } from 'react';
import { useAppMutation, useAppQuery } from '../../../../shared/api/query-hooks.ts';
import { Button, Switch } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import type { CustomerPush } from '../../../../../contract/promoter-area.ts';
import { SHARE } from '../../../../../contract/promoter.ts';
import { isNotPromoter, promoterAreaApi, promoterAreaQueries } from '../../api/promoter-area.ts';
import { AppPage } from '../../../../shared/ui/app-page.tsx';
import { errorMessage } from '../../../../shared/ui/query-state.ts';
import { copyText } from '../../../../shared/ui/clipboard.ts';
import { linkParts } from '../../components/push-link.ts';
import { NotPromoter } from '../../components/not-promoter.tsx';
import { LazySharePopup } from '../../../sharing/index.ts';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import { failToast, successToast } from '../../../../shared/ui/toast.ts';
import styles from './customer-detail-push-screen.module.css';
import { UserText } from '../../../../shared/ui/user-text.tsx';

type Kind = 'product' | 'renewal';
const PRODUCT_CODE = /^[0-9A-Z]{6,16}$/;

const KIND_TEXT: Record<Kind, { title: string; action: string; hint: string }> = {
  product: { title: '推送产品', action: '生成推送链接', hint: '客户通过链接投保，将计入您的业绩' },
  renewal: { title: '续保提醒', action: '生成续保提醒', hint: '提醒客户保单即将到期，通过链接完成续保' },
};

/**
 * `/customerDetailPush?customerId&kind&productCode`: makes a product link or a
 * renewal reminder carrying the promoter's code for one customer
 * (customerPush), optionally texted to the customer, then offers 复制链接 and
 * the share popup.
 */
export default function CustomerDetailPushScreen() {
  const [params] = useSearchParams();
  const customerId = params.get('customerId') ?? '';
  const kind: Kind = params.get('kind') === 'renewal' ? 'renewal' : 'product';
  const productCode = params.get('productCode') ?? '';
  const valid = customerId !== '' && PRODUCT_CODE.test(productCode);
  const text = KIND_TEXT[kind];
  const [sms, setSms] = useState(false);
  const [sharing, setSharing] = useState(false);
  // Who and what the push is for (from the cache when coming from the customer's page).
  const customer = useAppQuery({ ...promoterAreaQueries.customerDetail(customerId), enabled: valid });
  const productName = customer.data?.sales.find((s) => s.productCode === productCode)?.productName;
  const push = useAppMutation({
    mutationFn: (withSms: boolean) => promoterAreaApi.customerPush({ customerId, kind, productCode, ...(withSms ? { sms: true } : {}) }, { silent: true }),
    onError: (error) => {
      if (!isNotPromoter(error)) failToast(errorMessage(error));
    },
  });

  if (!valid) {
    return (
      <AppPage title={text.title}>
        <StatusBlock kind="empty" title="缺少推送信息" description="请从客户详情选择要推送的产品" />
      </AppPage>
    );
  }
  if (push.isError && isNotPromoter(push.error)) {
    return (
      <AppPage title={text.title}>
        <NotPromoter />
      </AppPage>
    );
  }
  return (
    <AppPage title={text.title}>
      <section className={styles.card}>
        <dl className={styles.fields}>
          <div>
            <dt>客户</dt>
            <dd>{customer.data ? <><UserText>{customer.data.customer.name}</UserText> {customer.data.customer.phone}</> : '--'}</dd>
          </div>
          <div>
            <dt>产品</dt>
            <dd>{productName ?? productCode}</dd>
          </div>
          <div>
            <dt>类型</dt>
            <dd>{kind === 'renewal' ? '续保提醒' : '产品推荐'}</dd>
          </div>
        </dl>
        <label className={styles.switchRow}>
          <span>
            同时短信通知客户
            <small>每位客户每天最多发送一次</small>
          </span>
          <Switch checked={sms} onChange={setSms} aria-label="同时短信通知客户" />
        </label>
        <p className={styles.hint}>{text.hint}</p>
        <Button block color="primary" shape="rounded" size="large" loading={push.isPending} onClick={() => push.mutate(sms)}>
          {push.data ? '重新生成' : text.action}
        </Button>
      </section>
      {push.data && <PushResult result={push.data} onShare={() => setSharing(true)} />}
      {push.data && (
        <LazySharePopup visible={sharing} onClose={() => setSharing(false)} target={{ route: linkParts(push.data.link, window.location.origin).route, title: push.data.title }} />
      )}
    </AppPage>
  );
}

const SMS_OUTCOME_TEXT: Record<Exclude<CustomerPush['sms'], 'notAsked'>, string> = {
  sent: '短信已发送至客户手机',
  alreadySent: '今日已通知过该客户，短信未重复发送',
  failed: '短信发送失败，请稍后重试',
};

function PushResult({ result, onShare }: { result: CustomerPush; onShare: () => void }) {
  const { url } = linkParts(result.link, window.location.origin);
  const copy = async () => {
    if (await copyText(url)) successToast(SHARE.copied);
    else failToast('复制失败，请长按链接手动复制');
  };
  return (
    <section className={styles.card} data-testid="push-result">
      <h2 className={styles.resultTitle}>{result.title}</h2>
      <p className={styles.link}>{url}</p>
      {result.sms !== 'notAsked' && <p className={result.sms === 'sent' ? styles.smsOk : styles.smsSkipped}>{SMS_OUTCOME_TEXT[result.sms]}</p>}
      <div className={styles.resultActions}>
        <Button block shape="rounded" color="primary" fill="outline" onClick={() => void copy()}>
          复制链接
        </Button>
        <Button block shape="rounded" color="primary" onClick={onShare}>
          分享给客户
        </Button>
      </div>
    </section>
  );
}
