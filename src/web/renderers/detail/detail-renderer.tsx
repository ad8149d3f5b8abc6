import { Button } from 'antd-mobile';
import { useMemo } from 'react';
import type { ProductManifest } from '../../../engine/manifest/manifest-types.generated.ts';
import { withBuiltPlans } from '../../../engine/plans/build-plans.ts';
import { selectPlan } from '../../../engine/pricing/premium.ts';
import { BottomBar } from '../../components/app-page.tsx';
import { formatYuan } from '../../components/format.ts';
import { DETAIL_SECTIONS, layoutOf } from './registry.ts';
import { usePlanSelection } from './use-plan-selection.ts';
import styles from './detail.module.css';

/**
 * The generic product detail page: the manifest's sections in its template's
 * order, and a fixed bar with the live premium and 立即投保. A plan builder's
 * three plans (engine buildPlans) replace the raw plans for the picker, the
 * guarantee table and the quote; the server sells the same built plans.
 */
export function DetailRenderer({ manifest: raw, onInsure }: { manifest: ProductManifest; onInsure: () => void }) {
  const manifest = useMemo(() => withBuiltPlans(raw), [raw]);
  const { selection, premium, quoting, select } = usePlanSelection(manifest);
  const { plan } = selectPlan(manifest, selection.planIndex);
  return (
    <>
      {layoutOf(manifest).map((type) => {
        const Section = DETAIL_SECTIONS[type];
        return <Section key={type} manifest={manifest} plan={plan} selection={selection} select={select} />;
      })}
      <BottomBar>
        <div className={styles.bottom}>
          <div className={styles.bottomPrice}>
            <span className={styles.bottomLabel}>{plan.name}</span>
            <span className={styles.bottomAmount} data-testid="detail-premium" aria-busy={quoting}>
              {formatYuan(premium)}
            </span>
          </div>
          <Button color="primary" shape="rounded" size="large" className={styles.insureButton} onClick={onInsure} data-testid="insure-now">
            立即投保
          </Button>
        </div>
      </BottomBar>
    </>
  );
}
