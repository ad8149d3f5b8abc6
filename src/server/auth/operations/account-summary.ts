import type { AccountSummary } from '../../../contract/accounts.ts';
import { maskPhone } from '../../../engine/rules/index.ts';
import type { AppDeps } from '../../app-deps.ts';
import { hasSignedContracts } from '../../contracts/contract-service.ts';
import { isPromoter } from '../../promoters/promoters-repo.ts';
import { getStaffOfUser } from '../people-repo.ts';
import type { UserRow } from '../users-repo.ts';

/** The account page's summary: masked phone, what is verified, and the caller's roles and documents. */
export async function accountSummary(deps: AppDeps, user: UserRow): Promise<AccountSummary> {
  const staff = await getStaffOfUser(deps.db, user.id);
  return {
    userCode: user.userCode,
    phone: maskPhone(user.phone),
    hasPassword: Boolean(user.passwordHash),
    realNameStatus: user.realNameAt ? '1' : '0',
    faceStatus: user.faceAt ? '1' : '0',
    isStaff: Boolean(staff),
    isPromoter: Boolean(staff) || (await isPromoter(deps.db, user)),
    hasSignedDocuments: await hasSignedContracts(deps, user.id),
  };
}
