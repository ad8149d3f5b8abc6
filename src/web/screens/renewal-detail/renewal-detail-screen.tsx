import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton, Tag } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { isNotPromoter, promoterAreaQueries } from '../../api/promoter-area.ts';
import { paths } from '../../app/paths.ts';
import { useAppNavigate } from '../../app/use-app-navigate.ts';
import { AppPage, BottomBar } from '../../components/app-page.tsx';
import { formatDay, formatYuan } from '../../components/format.ts';
import { LoadError } from '../../components/load-error.tsx';
import { daysLeftText } from '../../components/promoter/customer-renewals.tsx';
import { NotPromoter } from '../../components/promoter/not-promoter.tsx';
import { errorMessage, useRetryQuery } from '../../components/query-state.ts';
import { StatusBlock } from '../../components/status-block.tsx';
import styles from './renewal-detail-screen.module.css';

/** `/renewalDetail?applicationFormCode`: one customer's policy ending soon, with 续保提醒. */
export default function RenewalDetailScreen() {
  const navigate = useAppNavigate();
  const [params] = useSearchParams();
  const applicationFormCode = params.get('applicationFormCode') ?? '';
  const options = promoterAreaQueries.renewalDetail(applicationFormCode);
  const query = useQuery({ ...options, enabled: applicationFormCode !== '' });
  const retry = useRetryQuery(options.queryKey);
  const item = query.data;

  return (
    <AppPage title="续保详情" hasBottomBar={item !== undefined}>
      {!applicationFormCode ? (
        <StatusBlock kind="empty" title="缺少保单信息" description="请从客户续保列表进入" />
      ) : item ? (
        <>
          <section className={styles.hero} data-testid="renewal-days">
            <span className={styles.heroLabel}>距保单到期</span>
            <strong className={styles.heroDays}>
              {item.daysLeft > 0 ? (
                <>
                  {item.daysLeft}
                  <small>天</small>
                </>
              ) : (
                daysLeftText(item.daysLeft)
              )}
            </strong>
            <span className={styles.heroNote}>{formatDay(item.endDate)} 到期，及时提醒客户续保，保障不断档</span>
          </section>
          <section className={styles.card}>
            <div className={styles.cardHead}>
              <span className={styles.title}>{item.productName}</span>
              <Tag color="primary" fill="outline">
                {item.renewalLabel}
              </Tag>
            </div>
            <dl className={styles.rows}>
              <div>
                <dt>保障方案</dt>
                <dd>{item.planName}</dd>
              </div>
              <div>
                <dt>投保人</dt>
                <dd>{item.holderName}</dd>
              </div>
              <div>
                <dt>被保险人</dt>
                <dd>{item.insuredNames.join('、') || '--'}</dd>
              </div>
              {item.policyNo && (
                <div>
                  <dt>保单号</dt>
                  <dd>{item.policyNo}</dd>
                </div>
              )}
              <div>
                <dt>保障期间</dt>
                <dd>
                  {formatDay(item.startDate)} 至 {formatDay(item.endDate)}
                </dd>
              </div>
              <div>
                <dt>保单状态</dt>
                <dd>{item.statusName}</dd>
              </div>
              <div>
                <dt>保费</dt>
                <dd className={styles.premium}>{formatYuan(item.premium)}</dd>
              </div>
            </dl>
          </section>
          <BottomBar>
            <div className={styles.actions}>
              <Button block shape="rounded" color="primary" fill="outline" onClick={() => navigate(paths.customerDetail(item.customerId))}>
                查看客户
              </Button>
              <Button
                block
                shape="rounded"
                color="primary"
                onClick={() => navigate(paths.customerDetailPush({ customerId: item.customerId, kind: 'renewal', productCode: item.productCode }))}
              >
                续保提醒
              </Button>
            </div>
          </BottomBar>
        </>
      ) : query.isError ? (
        isNotPromoter(query.error) ? (
          <NotPromoter />
        ) : (
          <LoadError description={errorMessage(query.error)} onRetry={retry} />
        )
      ) : (
        <div className={styles.card} aria-busy="true" aria-label="加载中" data-testid="promoter-loading">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      )}
    </AppPage>
  );
}
