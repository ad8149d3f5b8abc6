import type { PromoterCard } from '../../../contract/promoter.ts';
import { BROKERAGE } from '../../../engine/rules/brokerage.ts';
import { maskName, maskPhone } from '../../../engine/rules/index.ts';
import type { AppDeps } from '../../app-deps.ts';
import { getStaffOfUser } from '../../auth/people-repo.ts';
import type { UserRow } from '../../auth/users-repo.ts';
import { ensurePromoterCodes } from '../promoters-repo.ts';

/** Printed on share posters and agreement seals when BROKERAGE_NAME is unset. */
export const DEFAULT_BROKERAGE_NAME = BROKERAGE.name;

/** The caller's share card: their codes (made on first use), and who they are to the customer. */
export async function promoterCard(deps: AppDeps, user: UserRow): Promise<PromoterCard> {
  const [codes, staff] = await Promise.all([ensurePromoterCodes(deps.db, user.id, deps.now()), getStaffOfUser(deps.db, user.id)]);
  return {
    promoCode: codes.promoCode,
    managerCode: codes.managerCode,
    // Staff print their own name (a licensed broker is public); a customer only masked.
    name: staff ? staff.name : user.actualName ? maskName(user.actualName) : maskPhone(user.phone),
    isStaff: Boolean(staff),
    roleLabel: staff ? '经纪人' : '推荐人',
    licenseNumber: staff?.licenseNumber ?? '',
    companyName: deps.config.brokerageName ?? DEFAULT_BROKERAGE_NAME,
    branchName: staff?.branchName ?? '',
    channelCode: staff?.channelCode ?? '',
  };
}
