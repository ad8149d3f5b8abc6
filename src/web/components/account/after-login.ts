import type { UserRecord } from '../../../contract/auth.ts';
import { accountApi } from '../../api/accounts.ts';
import { safeReturnPath } from '../../app/guards.ts';
import { getPromoCode } from '../../state/promo-code.ts';
import { saveUser } from '../../state/session.ts';

/**
 * What every log-in does once the server said yes: keep the user record
 * (spec §3), record the consent given on the form, link the promoter of the
 * promo link (first one wins, server-side), and say where to go back to.
 */
export function afterLogin(user: UserRecord, query: URLSearchParams): string {
  saveUser(user);
  void accountApi.agreePrivacy().catch(() => undefined);
  const promoCode = query.get('promoCode') || getPromoCode();
  if (promoCode && promoCode !== user.userCode) void accountApi.addCustomer(promoCode).catch(() => undefined);
  return safeReturnPath(query.get('fullPath'));
}
