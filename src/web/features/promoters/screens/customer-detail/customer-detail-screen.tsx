import { useMemo, useState } from 'react';
import { useAppQuery } from '../../../../shared/api/query-hooks.ts';
import { Button, type ActionSheetProps } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import type { CustomerDetail } from '../../../../../contract/promoter-area.ts';
import { isNotPromoter, newestFirst, promoterAreaQueries } from '../../api/promoter-area.ts';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage, BottomBar } from '../../../../shared/ui/app-page.tsx';
import { formatDay } from '../../../../shared/ui/format.ts';
import { CardSkeleton } from '../../../../shared/ui/layout/section-card.tsx';
import { LazyActionSheet } from '../../../../shared/ui/lazy-action-sheet.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { NotPromoter } from '../../components/not-promoter.tsx';
import { SOURCE_NAMES } from '../../components/promoter-labels.ts';
import { SaleCard } from '../../components/sale-card.tsx';
import { errorMessage, useRetryQuery } from '../../../../shared/ui/query-state.ts';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import styles from './customer-detail-screen.module.css';
import { UserText } from '../../../../shared/ui/user-text.tsx';

/**
 * `/customerDetail?customerId`: one customer of the promoter (masked name,
 * phone and ID number), their policies with statuses, and 推送产品 /
 * 续保提醒, which open /customerDetailPush for the chosen product or policy.
 */
export default function CustomerDetailScreen() {
  const [params] = useSearchParams();
  const customerId = params.get('customerId') ?? '';
  const options = promoterAreaQueries.customerDetail(customerId);
  const query = useAppQuery({ ...options, enabled: customerId !== '' });
  const retry = useRetryQuery(options.queryKey);

  return (
    <AppPage title="客户详情" hasBottomBar={query.data !== undefined}>
      {!customerId ? (
        <StatusBlock kind="empty" title="缺少客户信息" description="请从我的客户进入" />
      ) : query.data ? (
        <Detail customerId={customerId} detail={query.data} />
      ) : query.isError ? (
        isNotPromoter(query.error) ? (
          <NotPromoter />
        ) : (
          <LoadError description={errorMessage(query.error)} onRetry={retry} />
        )
      ) : (
        <CardSkeleton count={1} lines={4} testId="promoter-loading" />
      )}
    </AppPage>
  );
}

type Sheet = 'product' | 'renewal' | null;

function Detail({ customerId, detail }: { customerId: string; detail: CustomerDetail }) {
  const navigate = useAppNavigate();
  const { customer, idNo } = detail;
  const sales = useMemo(() => newestFirst(detail.sales), [detail.sales]);
  const [sheet, setSheet] = useState<Sheet>(null);
  // The customer's products, or the catalogue for a customer without policies.
  const choices = useAppQuery(promoterAreaQueries.pushProducts(customerId));
  const own = choices.data?.own === true;
  const products = choices.data?.list ?? [];

  const push = (kind: 'product' | 'renewal', productCode: string) => navigate(paths.customerDetailPush({ customerId, kind, productCode }));
  const productActions: ActionSheetProps['actions'] = products.map((p, i) => ({
    key: p.productCode,
    text: p.productName,
    description: own && i === 0 ? '最近投保' : undefined,
    onClick: () => push('product', p.productCode),
  }));
  const renewalActions: ActionSheetProps['actions'] = sales.map((s) => ({
    key: s.applicationFormCode,
    text: s.productName,
    description: `${s.insuredNames.join('、') || s.holderName} · ${formatDay(s.endDate)} 到期`,
    onClick: () => push('renewal', s.productCode),
  }));
  const openProduct = () => (own && products.length === 1 ? push('product', products[0]!.productCode) : setSheet('product'));
  const openRenewal = () => (sales.length === 1 ? push('renewal', sales[0]!.productCode) : setSheet('renewal'));

  return (
    <>
      <section className={styles.profile} data-testid="customer-profile">
        <div className={styles.profileHead}>
          <span className={styles.name}><UserText>{customer.name}</UserText></span>
          <span className={styles.source}>{SOURCE_NAMES[customer.source]}客户</span>
        </div>
        <dl className={styles.fields}>
          <div>
            <dt>手机号</dt>
            <dd>{customer.phone || '--'}</dd>
          </div>
          <div>
            <dt>证件号码</dt>
            <dd>{idNo || '未登记'}</dd>
          </div>
          <div>
            <dt>绑定日期</dt>
            <dd>{customer.since}</dd>
          </div>
          {customer.lastOrderAt && (
            <div>
              <dt>最近投保</dt>
              <dd>{formatDay(customer.lastOrderAt)}</dd>
            </div>
          )}
        </dl>
        <div className={styles.stats}>
          <span>
            <b>{customer.policyCount}</b>保单（件）
          </span>
          <span>
            <b>{customer.liveCount}</b>有效（件）
          </span>
        </div>
      </section>
      <h2 className={styles.sectionTitle}>TA 的保单</h2>
      {sales.length === 0 ? (
        <StatusBlock kind="empty" title="暂无保单" description="可推送产品给客户，邀请其投保" />
      ) : (
        <ul className={styles.list}>
          {sales.map((sale) => (
            <li key={sale.applicationFormCode}>
              <SaleCard
                sale={sale}
                action={
                  <Button size="small" color="primary" fill="outline" shape="rounded" onClick={() => push('renewal', sale.productCode)}>
                    续保提醒
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
      )}
      <BottomBar>
        <div className={styles.actions}>
          <Button block shape="rounded" color="primary" fill="outline" disabled={sales.length === 0} onClick={openRenewal}>
            续保提醒
          </Button>
          <Button block shape="rounded" color="primary" disabled={products.length === 0} onClick={openProduct}>
            推送产品
          </Button>
        </div>
      </BottomBar>
      <LazyActionSheet
        visible={sheet !== null}
        actions={sheet === 'renewal' ? renewalActions : productActions}
        extra={sheet === 'renewal' ? '选择要提醒续保的保单' : '选择要推送的产品'}
        cancelText="取消"
        onAction={() => setSheet(null)}
        onClose={() => setSheet(null)}
      />
    </>
  );
}
