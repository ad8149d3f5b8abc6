/**
 * 续保信息自动带出 into the plan choice and the insure form's draft (jotai atoms): a module of its
 * own, loaded when a renewal starts (features/policies/components/renewal-prefill.ts), so the policy lists do
 * not download jotai and the draft's atoms to open (docs/performance.md).
 */
import { getDefaultStore } from 'jotai';
import type { RenewalForm } from '../../../../contract/policy.ts';
import { insureDraftAtom, planMsgAtom } from '../../insure/index.ts';

/**
 * What the last policy bought becomes the plan choice (planMsg) and the insure
 * form's draft: 续保信息自动带出. The detail page finds the plan by its code
 * and saves the full choice with its quote.
 */
export function startFromPolicy(start: RenewalForm): void {
  const store = getDefaultStore();
  store.set(planMsgAtom, {
    productCode: start.productCode,
    planIndex: 0,
    planCode: start.planCode,
    planName: '',
    copies: start.copies,
    factors: start.factors,
    totalPremium: null,
  });
  store.set(insureDraftAtom, {
    productCode: start.productCode,
    policyHolder: start.form.policyHolder,
    insureds: start.form.insureds,
    wards: start.form.wards ?? [],
  });
}
