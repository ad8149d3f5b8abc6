import type { Plan, ProductManifest } from '../../../../../engine/manifest/manifest-types.generated.ts';
import type { PlanSelection } from './selection.ts';

/** Section types the generic detail renderer knows; a manifest's pageTemplate orders them. */
export type DetailSectionType =
  | 'titlePage'
  | 'banner'
  | 'features'
  | 'planPicker'
  | 'factors'
  | 'copies'
  | 'years'
  | 'guarantee'
  | 'info'
  | 'insurers'
  | 'notice'
  | 'faq'
  | 'claimProcess'
  | 'service'
  | 'rating';

/** What every section receives. Sections render nothing when the manifest has no data for them. */
export interface DetailSectionProps {
  /** The manifest as sold: a plan builder's plans already built into `plans`. */
  manifest: ProductManifest;
  /** The selected plan. */
  plan: Plan;
  selection: PlanSelection;
  select: (patch: Partial<PlanSelection>) => void;
}
