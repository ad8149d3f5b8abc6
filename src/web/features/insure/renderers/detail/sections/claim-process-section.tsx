import { Steps } from 'antd-mobile';
import type { DetailSectionProps } from '../types.ts';
import { SectionCard } from '../../../../../shared/ui/layout/section-card.tsx';

export function ClaimProcessSection({ manifest }: DetailSectionProps) {
  const steps = manifest.detail.claimProcess;
  if (steps.length === 0) return null;
  return (
    <SectionCard heading="h2" title="理赔流程">
      <Steps direction="vertical" current={steps.length} style={{ '--title-font-size': '15px', '--description-font-size': '13px' }}>
        {steps.map((step) => (
          <Steps.Step key={step.title} title={step.title} description={step.text} status="process" />
        ))}
      </Steps>
    </SectionCard>
  );
}
