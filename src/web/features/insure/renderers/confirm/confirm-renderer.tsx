import type { ProductManifest } from '../../../../../engine/manifest/manifest-types.generated.ts';
import type { ConfirmModel } from './confirm-model.ts';
import { CONFIRM_SECTIONS } from './confirm-sections.tsx';
import type { HealthConclusion } from './health-review.tsx';
import { ReviewWidget } from './review-widget.tsx';
import { CONFIRM_LAYOUTS, confirmVariant } from './variants.ts';

/**
 * The confirm page body: the sections of the manifest's variant, in order.
 * Knows section types and variants, never product codes.
 */
export function ConfirmRenderer({
  manifest,
  model,
  onPickStart,
  onHealthReview,
}: {
  manifest: ProductManifest;
  model: ConfirmModel;
  onPickStart?: (day: string) => void;
  onHealthReview?: (conclusion: HealthConclusion) => void;
}) {
  const variant = confirmVariant(manifest);
  return (
    <div data-variant={variant}>
      {CONFIRM_LAYOUTS[variant].map((type) => {
        const Section = CONFIRM_SECTIONS[type];
        return <Section key={type} model={model} onPickStart={onPickStart} onHealthReview={onHealthReview} />;
      })}
      <ReviewWidget productCode={manifest.productCode} />
    </div>
  );
}
