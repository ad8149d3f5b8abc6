import { lazy, Suspense, type ReactNode } from 'react';
import { formatYuan } from '../../../../shared/ui/format.ts';
import { guaranteeRows } from '../detail/selection.ts';
import type { ConfirmModel, ConfirmPerson, ConfirmRow } from './confirm-model.ts';
import styles from './confirm.module.css';
import { MASKED } from '../../../recording/index.ts';
import type { ConfirmSectionType } from './variants.ts';
import type { HealthConclusion } from './health-review.tsx';

/** Only a product whose parent picks the start shows the picker row: its code loads with that confirm page only. */
const StartDayPicker = lazy(() => import('./start-day-picker.tsx').then((m) => ({ default: m.StartDayPicker })));
/** Likewise the health notice card, which evaluates the answers: only a product with a notice loads it. */
const HealthReview = lazy(() => import('./health-review.tsx').then((m) => ({ default: m.HealthReview })));

/** `masked`: the values are a person's data, starred in the sale's recording (docs/recording.md). */
function Rows({ rows, masked = false }: { rows: readonly ConfirmRow[]; masked?: boolean }) {
  return (
    <dl className={styles.rows}>
      {rows.map((row) => (
        <div className={styles.row} key={row.label}>
          <dt>{row.label}</dt>
          <dd className={masked ? MASKED : undefined}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className={styles.card} aria-label={title} data-testid={testId}>
      <header className={styles.cardHeader}>
        <h3 className={styles.cardTitle}>{title}</h3>
      </header>
      {children}
    </section>
  );
}

function PersonCard({ person, testId }: { person: ConfirmPerson; testId: string }) {
  return (
    <Card title={person.title} testId={testId}>
      <Rows rows={person.rows} masked />
    </Card>
  );
}

/**
 * What a section renderer gets: the model, where a picked 保险起期 goes (without it the start is text), and
 * where the health card's conclusion goes.
 */
export interface ConfirmSectionProps {
  model: ConfirmModel;
  onPickStart?: ((day: string) => void) | undefined;
  onHealthReview?: ((conclusion: HealthConclusion) => void) | undefined;
}

function coverRows(model: ConfirmModel, withPremium: boolean): ConfirmRow[] {
  const rows = [
    { label: '保险起期', value: model.coverNotes?.start ?? model.startDate },
    { label: '保险止期', value: model.coverNotes?.end ?? model.endDate },
    ...(model.years !== null ? [{ label: '保障年限', value: `${model.years}年` }] : []),
    { label: '购买份数', value: `${model.copies}份` },
  ];
  if (withPremium) rows.push({ label: '保费', value: formatYuan(model.premium) });
  return rows;
}

/** A row of the cover: 保险起期 is a date picker when the parent picks the start. */
function CoverRow({ row, model, onPickStart }: ConfirmSectionProps & { row: ConfirmRow }) {
  return (
    <div className={styles.row}>
      <dt>{row.label}</dt>
      <dd>
            {row.label === '保险起期' && model.pick && onPickStart ? (
              <Suspense fallback={row.value}>
                <StartDayPicker pick={model.pick} onPick={onPickStart} />
              </Suspense>
            ) : (
              row.value
            )}
          </dd>
    </div>
  );
}

const ignore = () => undefined;

/** The health notice card around the rows health-review.tsx gives. */
const healthCard = (title: string, rows: ReactNode) => (
  <Card title={title} testId="confirm-health">
    <dl className={styles.rows}>{rows}</dl>
  </Card>
);

/** One renderer per section type; a variant lists the types it shows (variants.ts). */
export const CONFIRM_SECTIONS: Readonly<Record<ConfirmSectionType, (props: ConfirmSectionProps) => ReactNode>> = {
  product: ({ model }) => (
    <section className={styles.product} aria-label="投保产品">
      <h2 className={styles.productName}>{model.productName}</h2>
      <div className={styles.productMeta}>
        <span className={styles.tag}>保障方案：{model.plan.name}</span>
      </div>
    </section>
  ),
  summary: ({ model, onPickStart }) => (
    <section className={styles.product} aria-label="投保产品">
      <h2 className={styles.productName}>{model.productName}</h2>
      <dl className={`${styles.rows} ${styles.summaryRows}`} style={{ padding: 0 }}>
        {[{ label: '保障方案', value: model.plan.name }, ...coverRows(model, true)].map((row) => (
          <CoverRow key={row.label} row={row} model={model} onPickStart={onPickStart} />
        ))}
      </dl>
    </section>
  ),
  guarantee: ({ model }) => (
    <Card title={`保障内容（${model.plan.name}）`} testId="confirm-guarantee">
      <Rows rows={guaranteeRows(model.plan, model.copies).map((r) => ({ label: r.limitName, value: r.showValue }))} />
    </Card>
  ),
  holder: ({ model }) => <PersonCard person={model.holder} testId="confirm-holder" />,
  insureds: ({ model }) => model.insureds.map((p, i) => <PersonCard key={i} person={p} testId={`confirm-insured-${i}`} />),
  wards: ({ model }) => model.wards.map((p, i) => <PersonCard key={i} person={p} testId={`confirm-ward-${i}`} />),
  health: ({ model, onHealthReview }) =>
    model.health && (
      <Suspense fallback={null}>
        <HealthReview notice={model.health.notice} answers={model.health.answers} onReview={onHealthReview ?? ignore} frame={healthCard} rowClassName={styles.row} />
      </Suspense>
    ),
  beneficiary: ({ model }) => (
    <Card title="受益人信息">
      <Rows rows={[{ label: '身故受益人', value: model.beneficiary }]} masked />
    </Card>
  ),
  cover: ({ model, onPickStart }) => (
    <Card title="保障信息" testId="confirm-cover">
      <dl className={styles.rows}>
        {coverRows(model, false).map((row) => (
          <CoverRow key={row.label} row={row} model={model} onPickStart={onPickStart} />
        ))}
        <div className={styles.row}>
          <dt>保费</dt>
          <dd className={styles.premium}>{formatYuan(model.premium)}</dd>
        </div>
      </dl>
    </Card>
  ),
};
