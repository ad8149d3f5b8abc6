import { Button } from 'antd-mobile';
import type { RenewalItem } from '../../../contract/policy.ts';
import { withQuery } from '../../app/paths.ts';
import { useAppNavigate } from '../../app/use-app-navigate.ts';
import { storeRenewalData } from '../../state/renewal-data.ts';
import { prefillFromPolicy } from './renewal-prefill.ts';
import { formatDay, formatYuan } from '../format.ts';
import styles from './policy-list.module.css';

/** Stores the renewal data of `item`, carries its plan and people over and opens its product page: the order made from it is a renewal. */
export function useRenew() {
  const navigate = useAppNavigate();
  return async (item: RenewalItem) => {
    if (item.policyNo) storeRenewalData({ productCode: item.productCode, renewalTimes: item.renewalTimes, renewalLastPolicyNo: item.policyNo });
    await prefillFromPolicy(item.applicationFormCode);
    navigate(withQuery(item.detailRoute, { productCode: item.productCode }));
  };
}

/** The cards of renewable policies, each with its 去续保 / 再次购买 button (/renewalList, /insurerenew). */
export function RenewalCards({ list }: { list: RenewalItem[] }) {
  const renew = useRenew();
  return (
    <ul className={styles.list}>
      {list.map((item) => (
        <li key={item.applicationFormCode} className={styles.card} data-testid="renewal-card">
          <div className={styles.cardHeader}>
            <span className={styles.productName}>{item.productName}</span>
            <span>{item.statusName}</span>
          </div>
          <dl className={styles.rows}>
            <div>
              <dt>保单号</dt>
              <dd>{item.policyNo}</dd>
            </div>
            <div>
              <dt>被保险人</dt>
              <dd>{item.insuredName}</dd>
            </div>
            <div>
              <dt>保障期间</dt>
              <dd>
                {formatDay(item.startDate)} 至 {formatDay(item.endDate)}
              </dd>
            </div>
          </dl>
          <div className={styles.cardFooter}>
            <span className={styles.premium}>
              保费 <strong>{formatYuan(item.premium)}</strong>
            </span>
            <Button size="small" color="primary" shape="rounded" onClick={() => renew(item)} data-testid="renew">
              {item.renewalLabel}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
