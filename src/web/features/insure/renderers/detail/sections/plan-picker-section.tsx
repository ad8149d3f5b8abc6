import { computePremium } from '../../../../../../engine/pricing/premium.ts';
import { formatYuan } from '../../../../../shared/ui/format.ts';
import { guaranteeRows } from '../selection.ts';
import type { DetailSectionProps } from '../types.ts';
import { SectionCard } from '../../../../../shared/ui/layout/section-card.tsx';
import { LightTabs } from '../../../../../shared/ui/light-tabs.tsx';
import styles from '../detail.module.css';
import '../../../../../shared/ui/a11y/tabs.css';

/** The head of a guarantee name, for a card too narrow for the whole: 意外身故、伤残 → 意外身故. */
function shortName(limitName: string): string {
  return limitName.split(/[、，,（(]/, 1)[0] ?? limitName;
}

/** Plan picker: planType A shows cards, B a tab list (spec §5: the plan-type prop accepts only A or B). */
export function PlanPickerSection({ manifest, selection, select }: DetailSectionProps) {
  if (manifest.planType === 'B') {
    return (
      <SectionCard heading="h2" title="选择方案" testId="plan-picker">
        <LightTabs
          tabs={manifest.plans.map((plan, index) => ({ key: String(index), title: plan.name }))}
          activeKey={String(selection.planIndex)}
          onChange={(key) => select({ planIndex: Number(key) })}
          style={{ '--title-font-size': '15px' }}
        />
      </SectionCard>
    );
  }
  return (
    <SectionCard heading="h2" title="选择方案" testId="plan-picker">
      <div className={styles.planGrid} role="radiogroup" aria-label="保障方案">
        {manifest.plans.map((plan, index) => {
          const checked = index === selection.planIndex;
          const priced = computePremium(manifest, { planIndex: index, factors: selection.factors, copies: selection.copies, years: selection.years });
          const top = guaranteeRows(plan, selection.copies)[0];
          return (
            <button
              key={plan.code}
              type="button"
              role="radio"
              aria-checked={checked}
              className={`${styles.planCard} ${checked ? styles.planCardActive : ''}`}
              onClick={() => select({ planIndex: index })}
              data-testid="plan-option"
            >
              <span className={styles.planName}>{plan.name}</span>
              <span className={styles.planPrice}>{priced.ok ? formatYuan(priced.totalPremium) : '--'}</span>
              {top && (
                <span className={styles.planHint}>
                  {shortName(top.limitName)} {top.showValue}
                </span>
              )}
            </button>
          );
        })}
      </div>
    </SectionCard>
  );
}
