import type { ReactNode } from 'react';
import { Tag } from 'antd-mobile';
import type { PromoterSale } from '../../../../contract/promoter-area.ts';
import { formatDay, formatYuan } from '../../../shared/ui/format.ts';
import { InfoRows } from '../../../shared/ui/layout/info-rows.tsx';
import { CardPremium, SectionCard } from '../../../shared/ui/layout/section-card.tsx';
import { SALE_TAG_COLORS } from './promoter-labels.ts';

/** One sale of the promoter (masked names only), optionally opening the customer. */
export function SaleCard({ sale, onOpen, action }: { sale: PromoterSale; onOpen?: () => void; action?: ReactNode }) {
  return (
    <SectionCard
      as="article"
      testId="sale-card"
      title={sale.productName}
      onOpen={onOpen}
      extra={
        <Tag color={SALE_TAG_COLORS[sale.status] ?? 'default'} fill="outline">
          {sale.statusName}
        </Tag>
      }
      footer={
        <>
          <CardPremium>{formatYuan(sale.premium)}</CardPremium>
          {action}
        </>
      }
    >
      <InfoRows
        rows={[
          { label: '保障方案', value: sale.planName },
          { label: '投保人', value: sale.holderName },
          { label: '被保险人', value: sale.insuredNames.join('、') || '--' },
          { label: '保障期间', value: `${formatDay(sale.startDate)} 至 ${formatDay(sale.endDate)}` },
          { label: '出单日期', value: formatDay(sale.createdAt) },
        ]}
      />
    </SectionCard>
  );
}
