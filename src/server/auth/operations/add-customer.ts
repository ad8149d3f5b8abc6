import type { AppDeps } from '../../app-deps.ts';
import { notFound, rejected } from '../../http/envelope.ts';
import { asManager, findPromoterByCode } from '../../promoters/promoters-repo.ts';
import { setManagerOnce } from '../people-repo.ts';
import type { UserRow } from '../users-repo.ts';

/**
 * First touch: the promoter of the link the customer came through becomes their manager at log-in,
 * unless they already have one (a later link does not take the customer away; staff can, with setManager).
 */
export async function addCustomer(deps: AppDeps, user: UserRow, managerUserCode: string): Promise<void> {
  const promoter = await findPromoterByCode(deps.db, managerUserCode);
  if (!promoter) throw notFound('推广人');
  if (promoter.userId === user.id) throw rejected('不能成为自己的客户');
  await setManagerOnce(deps.db, { userId: user.id, ...asManager(promoter), source: 'link', now: deps.now() });
}
