import type { DraftForm } from '../../../../../contract/policy.ts';
import type { InsureDraft } from '../../state/insure-draft.ts';

/** Only the fields the contract's DraftForm has, with empty values left out; the health answers as given. */
export function draftFormOf(draft: InsureDraft | null): DraftForm {
  const clean = <T extends object>(o: T): T =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T;
  return {
    policyHolder: clean(draft?.policyHolder ?? {}),
    insureds: (draft?.insureds ?? []).map(clean),
    wards: (draft?.wards ?? []).map(clean),
    ...(draft?.healthAnswers && Object.keys(draft.healthAnswers).length > 0 ? { healthAnswers: draft.healthAnswers } : {}),
  };
}
