import { ageText } from '../../../../../../engine/insure/age-text.ts';
import type { DetailSectionProps } from '../types.ts';
import { InfoRows } from '../../../../../shared/ui/layout/info-rows.tsx';
import { SectionCard } from '../../../../../shared/ui/layout/section-card.tsx';

/** Age limit, sales area, insurance period and who is covered. */
export function InfoSection({ manifest }: DetailSectionProps) {
  const { salesArea, insurancePeriod, securityObject } = manifest.detail;
  return (
    <SectionCard heading="h2" title="投保须知">
      <InfoRows
        rows={[
          { label: '投保年龄', value: ageText(manifest) },
          { label: '销售区域', value: salesArea },
          { label: '保险期间', value: insurancePeriod },
          { label: '保障对象', value: securityObject },
        ]}
      />
    </SectionCard>
  );
}
