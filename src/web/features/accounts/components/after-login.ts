import type { UserRecord } from '../../../../contract/auth.ts';
import { accountApi } from '../api/accounts.ts';
import { safeReturnPath } from '../../../app/guards.ts';
import { getPromoCode } from '../../../shared/state/promo-code.ts';
import { patchUser, saveUser } from '../../../shared/state/session.ts';

/** Links the promoter of the promo link, then keeps the staff flag and the manager's channel (spec §6, §7). */
async function completeProfile(user: UserRecord, promoCode: string): Promise<void> {
  if (promoCode && promoCode !== user.userCode) await accountApi.addCustomer(promoCode).catch(() => undefined);
  const [staff, promoter] = await Promise.all([
    accountApi.staff(user.userCode).catch(() => undefined),
    accountApi.promoters(user.userCode).catch(() => undefined),
  ]);
  const patch: Partial<UserRecord> = {};
  if (staff !== undefined) patch.isStaff = staff !== null;
  if (promoter?.schanelCode) patch.schanelCode = promoter.schanelCode;
  if (Object.keys(patch).length > 0) patchUser(patch);
}

/**
 * What every log-in does once the server said yes: keep the user record
 * (spec §3), record the consent given on the form, link the promoter of the
 * promo link (first one wins, server-side) and refresh the staff flag and
 * channel; returns where to go back to. `phone` is the number typed to log
 * in, kept on this device to prefill the user's own forms.
 */
export function afterLogin(user: UserRecord, query: URLSearchParams, phone: string): string {
  saveUser({ ...user, ownPhone: phone });
  void accountApi.agreePrivacy().catch(() => undefined);
  void completeProfile(user, query.get('promoCode') || getPromoCode());
  return safeReturnPath(query.get('fullPath'));
}
