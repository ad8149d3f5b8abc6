import { policyApi } from '../../../shared/api/policy-api.ts';

/**
 * 续保信息自动带出: before a renewal (or a 再次购买) opens the product page,
 * the plan, copies and factors bought last time become the plan choice and
 * the holder, insureds and wards the insure form's draft, so the parent
 * checks and changes what differs instead of typing it all again. When the
 * call fails the product page opens as for a first purchase.
 */
export async function prefillFromPolicy(applicationFormCode: string): Promise<void> {
  try {
    const [start, { startFromPolicy }] = await Promise.all([policyApi.renewalForm(applicationFormCode), import('../state/renewal-start.ts')]);
    startFromPolicy(start);
  } catch {
    // Nothing to carry over: the form starts empty.
  }
}
