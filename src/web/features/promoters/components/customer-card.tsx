import { Tag } from 'antd-mobile';
import type { PromoterCustomer } from '../../../../contract/promoter-area.ts';
import { SOURCE_NAMES } from './promoter-labels.ts';
import styles from './customer-card.module.css';
import { UserText } from '../../../shared/ui/user-text.tsx';
import { hasHiddenFormatCharacters } from '../../../../engine/rules/hidden-format.ts';

const SOURCE_COLORS: Record<PromoterCustomer['source'], string> = { link: 'primary', order: 'success', staff: 'warning' };

/** The avatar's character: the first of the masked name unless masked itself (or an invisible format character). */
function initial(name: string): string {
  const first = [...name].find((c) => c !== '*' && !/\d/.test(c) && !hasHiddenFormatCharacters(c));
  return first ?? '客';
}

/** A customer of the promoter (masked): name, phone, how and when bound, policy counts. */
export function CustomerCard({ customer, onOpen }: { customer: PromoterCustomer; onOpen?: () => void }) {
  const body = (
    <>
      <span className={styles.avatar} aria-hidden="true">
        {initial(customer.name)}
      </span>
      <span className={styles.main}>
        <span className={styles.line}>
          <span className={styles.name}><UserText>{customer.name}</UserText></span>
          <Tag color={SOURCE_COLORS[customer.source]} fill="outline" className={styles.source}>
            {SOURCE_NAMES[customer.source]}
          </Tag>
        </span>
        <span className={styles.phone}>{customer.phone}</span>
        <span className={styles.meta}>绑定于 {customer.since}</span>
      </span>
      <span className={styles.counts}>
        <span>
          保单 <b>{customer.policyCount}</b> 件
        </span>
        <span>
          有效 <b>{customer.liveCount}</b> 件
        </span>
      </span>
    </>
  );
  return onOpen ? (
    <button type="button" className={`${styles.card} ${styles.tappable}`} onClick={onOpen} data-testid="customer-card">
      {body}
      <span className={styles.chevron} aria-hidden="true" />
    </button>
  ) : (
    <div className={styles.card} data-testid="customer-card">
      {body}
    </div>
  );
}
