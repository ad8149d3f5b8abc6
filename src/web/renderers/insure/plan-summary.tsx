import type { ProductManifest } from '../../../engine/manifest/manifest-types.generated.ts';
import { coverPeriod } from '../../../engine/cover/cover-period.ts';
import { formatDay } from '../../components/format.ts';
import styles from './insure.module.css';

/** The head of the insure page: product, chosen plan, copies and the cover period of an order placed now. */
export function PlanSummary({ manifest, planName, copies, now }: { manifest: ProductManifest; planName: string; copies: number; now: Date }) {
  const cover = coverPeriod(manifest, now);
  return (
    <section className={styles.summary} aria-label="投保产品">
      <h2 className={styles.summaryName}>{manifest.productName}</h2>
      <dl className={styles.summaryRows}>
        <dt>保障方案</dt>
        <dd>{planName}</dd>
        <dt>保险期间</dt>
        <dd>
          {formatDay(cover.startDate)} 至 {formatDay(cover.endDate)}
        </dd>
        <dt>购买份数</dt>
        <dd>{copies}份</dd>
      </dl>
    </section>
  );
}
