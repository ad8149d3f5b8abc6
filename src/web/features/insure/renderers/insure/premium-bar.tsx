import { Button } from 'antd-mobile';
import { formatYuan } from '../../../../shared/ui/format.ts';
import styles from './insure.module.css';

/** Contents of the fixed bottom bar: 保费 ¥xx.xx and the page's main button. */
export function PremiumBar({
  premium,
  action,
  onAction,
  disabled = false,
  loading = false,
}: {
  premium: number | null;
  action: string;
  onAction: () => void;
  disabled?: boolean;
  loading?: boolean;
}) {
  return (
    <div className={styles.bar}>
      <div className={styles.barPrice}>
        保费<span className={styles.barAmount} data-testid="premium">{formatYuan(premium)}</span>
      </div>
      <Button className={styles.barButton} color="primary" shape="rounded" size="large" disabled={disabled} loading={loading} onClick={onAction}>
        {action}
      </Button>
    </div>
  );
}
