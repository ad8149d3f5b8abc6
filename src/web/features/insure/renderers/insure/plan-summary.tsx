import type { ProductManifest } from '../../../../../engine/manifest/manifest-types.generated.ts';
import { coverPeriod, lengthText, paymentCoverNotes, pickWindow } from '../../../../../engine/cover/cover-period.ts';
import { offersGuaranteeYears } from '../../../../../engine/pricing/premium.ts';
import { formatDay } from '../../../../shared/ui/format.ts';
import styles from './insure.module.css';

/**
 * The head of the insure page: product, chosen plan, guarantee years (when
 * the product offers a choice), copies and the cover period of an order placed now.
 */
export function PlanSummary({
  manifest,
  planName,
  copies,
  years = 1,
  now,
}: {
  manifest: ProductManifest;
  planName: string;
  copies: number;
  /** Guarantee years chosen on the detail page (one of the product's guaranteeYears). */
  years?: number;
  now: Date;
}) {
  const cover = coverPeriod(manifest, now, years);
  // Dates the payment fixes are not shown before it; a start the parent picks is picked on the confirm page.
  const notes = paymentCoverNotes(manifest, years);
  const window = pickWindow(manifest, now);
  return (
    <section className={styles.summary} aria-label="投保产品">
      <h2 className={styles.summaryName}>{manifest.productName}</h2>
      <dl className={styles.summaryRows}>
        <dt>保障方案</dt>
        <dd>{planName}</dd>
        <dt>保险期间</dt>
        <dd>
          {notes
            ? `${notes.start}，${notes.end}`
            : window
              ? `起保日期${window.first}至${window.last}可选，保障${lengthText(manifest.cover.months * years)}`
              : `${formatDay(cover.startDate)} 至 ${formatDay(cover.endDate)}`}
        </dd>
        {offersGuaranteeYears(manifest) && (
          <>
            <dt>保障年限</dt>
            <dd>{years}年</dd>
          </>
        )}
        <dt>购买份数</dt>
        <dd>{copies}份</dd>
      </dl>
    </section>
  );
}
