import type { ReactNode } from 'react';
import { Tag } from 'antd-mobile';
import type { PromoterSale } from '../../../contract/promoter-area.ts';
import { formatDay, formatYuan } from '../format.ts';
import { SALE_TAG_COLORS } from './promoter-labels.ts';
import styles from './promoter.module.css';

/** One sale of the promoter (masked names only), optionally opening the customer. */
export function SaleCard({ sale, onOpen, action }: { sale: PromoterSale; onOpen?: () => void; action?: ReactNode }) {
  return (
    <article className={styles.card} data-testid="sale-card">
      <div
        className={styles.cardHead}
        role={onOpen ? 'link' : undefined}
        tabIndex={onOpen ? 0 : undefined}
        onClick={onOpen}
        onKeyDown={onOpen ? (e) => e.key === 'Enter' && onOpen() : undefined}
      >
        <span className={styles.cardTitle}>{sale.productName}</span>
        <Tag color={SALE_TAG_COLORS[sale.status] ?? 'default'} fill="outline">
          {sale.statusName}
        </Tag>
      </div>
      <dl className={styles.rows}>
        <div>
          <dt>保障方案</dt>
          <dd>{sale.planName}</dd>
        </div>
        <div>
          <dt>投保人</dt>
          <dd>{sale.holderName}</dd>
        </div>
        <div>
          <dt>被保险人</dt>
          <dd>{sale.insuredNames.join('、') || '--'}</dd>
        </div>
        <div>
          <dt>保障期间</dt>
          <dd>
            {formatDay(sale.startDate)} 至 {formatDay(sale.endDate)}
          </dd>
        </div>
        <div>
          <dt>出单日期</dt>
          <dd>{formatDay(sale.createdAt)}</dd>
        </div>
      </dl>
      <div className={styles.cardFoot}>
        <span className={styles.premium}>
          保费 <strong>{formatYuan(sale.premium)}</strong>
        </span>
        {action}
      </div>
    </article>
  );
}
