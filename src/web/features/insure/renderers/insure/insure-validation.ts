/**
 * The insure form's business validation: the engine's checkApplication, its
 * problems placed on the form's fields. No React, so the theme's test suite
 * runs it in node.
 */
import type { CustomValidator } from '@rjsf/utils';
import { coverPeriod } from '../../../../../engine/cover/cover-period.ts';
import { checkApplication } from '../../../../../engine/insure/check-application.ts';
import {
  applicationFromDraft,
  draftFromFormData,
  problemFormPath,
  type InsureFormData,
  type PlanChoice,
} from '../../../../../engine/insure/form-schema.ts';
import type { ProductManifest } from '../../../../../engine/manifest/manifest-types.generated.ts';
import { addErrorAt } from '../../../../form-theme/validation.ts';

/** One problem of the form: where it shows (null: not a form field) and the exact message. */
export interface FormProblem {
  /** rjsf path segments, e.g. ['insureds', '0', 'licenceNo']. */
  path: string[] | null;
  message: string;
}

/**
 * Problems of the form data in form order (holder, insureds, wards), as
 * checkApplication finds them; ages are taken on the cover start date of an
 * order placed at `now`.
 */
export function insureFormProblems(manifest: ProductManifest, data: InsureFormData, plan: PlanChoice, now: Date): FormProblem[] {
  const application = applicationFromDraft(manifest, draftFromFormData(data), plan);
  const { start } = coverPeriod(manifest, now);
  return checkApplication(manifest, application, now, start).map((p) => ({
    path: problemFormPath(manifest, p.path),
    message: p.message,
  }));
}

/**
 * rjsf customValidate: every problem becomes an inline error at its field;
 * problems about no field (plan, copies, factors) go to the root, where the
 * screen's toast picks them up.
 */
export function createInsureValidate(
  manifest: ProductManifest,
  plan: PlanChoice,
  now: () => Date = () => new Date(),
): CustomValidator<InsureFormData> {
  return (data, errors) => {
    if (!data) return errors;
    for (const problem of insureFormProblems(manifest, data, plan, now())) {
      addErrorAt(errors, problem.path ?? [], problem.message);
    }
    return errors;
  };
}
