import { Button } from 'antd-mobile';
import { formatYuan } from '../../../shared/ui/format.ts';
import { InfoRows, type InfoRow } from '../../../shared/ui/layout/info-rows.tsx';
import { SectionCard } from '../../../shared/ui/layout/section-card.tsx';
import styles from './pay-success.module.css';

/**
 * A paid order's result, the same on every payment's return screen (/paySuccess,
 * /paySuccessJD): the tick in the payment's colour, 支付成功, the amount, a
 * line on the policy, the order's rows, then 查看保单 and 返回首页.
 */
export function PaySuccess({
  color,
  amount,
  amountTestId,
  subtitle,
  rows,
  onPolicies,
  onHome,
}: {
  /** The tick's colour: green, or the payment's own (JD red). */
  color: string;
  amount: number;
  amountTestId: string;
  subtitle: string;
  rows: readonly (InfoRow | null | false | undefined)[];
  onPolicies: () => void;
  onHome: () => void;
}) {
  return (
    <div className={styles.result}>
      <div className={styles.hero}>
        <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
          <circle cx="32" cy="32" r="32" fill={color} />
          <path d="M18 33l9 9 19-20" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <h1 className={styles.title}>支付成功</h1>
        <p className={styles.amount} data-testid={amountTestId}>
          {formatYuan(amount)}
        </p>
        <p className={styles.subtitle}>{subtitle}</p>
      </div>
      <SectionCard>
        <InfoRows rows={rows} />
      </SectionCard>
      <div className={styles.actions}>
        <Button block color="primary" shape="rounded" size="large" onClick={onPolicies}>
          查看保单
        </Button>
        <Button block shape="rounded" size="large" onClick={onHome}>
          返回首页
        </Button>
      </div>
    </div>
  );
}
