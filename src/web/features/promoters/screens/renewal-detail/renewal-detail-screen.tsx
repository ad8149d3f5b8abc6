import { useAppQuery } from '../../../../shared/api/query-hooks.ts';
import { Button, Tag } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { isNotPromoter, promoterAreaQueries } from '../../api/promoter-area.ts';
import { paths } from '../../../../app/paths.ts';
import { useAppNavigate } from '../../../../app/use-app-navigate.ts';
import { AppPage, BottomBar } from '../../../../shared/ui/app-page.tsx';
import { formatDay, formatYuan } from '../../../../shared/ui/format.ts';
import { GradientHeader } from '../../../../shared/ui/layout/gradient-header.tsx';
import { InfoRows } from '../../../../shared/ui/layout/info-rows.tsx';
import { CardList, CardSkeleton, SectionCard } from '../../../../shared/ui/layout/section-card.tsx';
import { LoadError } from '../../../../shared/ui/load-error.tsx';
import { daysLeftText } from '../../components/customer-renewals.tsx';
import { NotPromoter } from '../../components/not-promoter.tsx';
import { errorMessage, useRetryQuery } from '../../../../shared/ui/query-state.ts';
import { StatusBlock } from '../../../../shared/ui/status-block.tsx';
import styles from './renewal-detail-screen.module.css';

/** `/renewalDetail?applicationFormCode`: one customer's policy ending soon, with 续保提醒. */
export default function RenewalDetailScreen() {
  const navigate = useAppNavigate();
  const [params] = useSearchParams();
  const applicationFormCode = params.get('applicationFormCode') ?? '';
  const options = promoterAreaQueries.renewalDetail(applicationFormCode);
  const query = useAppQuery({ ...options, enabled: applicationFormCode !== '' });
  const retry = useRetryQuery(options.queryKey);
  const item = query.data;

  return (
    <AppPage title="续保详情" hasBottomBar={item !== undefined}>
      {!applicationFormCode ? (
        <StatusBlock kind="empty" title="缺少保单信息" description="请从客户续保列表进入" />
      ) : item ? (
        <>
          <GradientHeader tone="orange" centered label="距保单到期" note={`${formatDay(item.endDate)} 到期，及时提醒客户续保，保障不断档`} testId="renewal-days">
            <strong className={styles.days}>
              {item.daysLeft > 0 ? (
                <>
                  {item.daysLeft}
                  <small>天</small>
                </>
              ) : (
                daysLeftText(item.daysLeft)
              )}
            </strong>
          </GradientHeader>
          <CardList>
            <SectionCard
              as="li"
              title={item.productName}
              extra={
                <Tag color="primary" fill="outline">
                  {item.renewalLabel}
                </Tag>
              }
            >
              <InfoRows
                rows={[
                  { label: '保障方案', value: item.planName },
                  { label: '投保人', value: item.holderName },
                  { label: '被保险人', value: item.insuredNames.join('、') || '--' },
                  { label: '保单号', value: item.policyNo },
                  { label: '保障期间', value: `${formatDay(item.startDate)} 至 ${formatDay(item.endDate)}` },
                  { label: '保单状态', value: item.statusName },
                  { label: '保费', value: <span className={styles.premium}>{formatYuan(item.premium)}</span> },
                ]}
              />
            </SectionCard>
          </CardList>
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
        <CardSkeleton count={1} lines={5} testId="promoter-loading" />
      )}
    </AppPage>
  );
}
