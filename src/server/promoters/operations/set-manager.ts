import type { AppDeps } from '../../app-deps.ts';
import { getManagerOf, reassignManager } from '../../auth/people-repo.ts';
import { staffWithRole } from '../../auth/staff-access.ts';
import { getUserByCode, type UserRow } from '../../auth/users-repo.ts';
import { forbidden, notFound, rejected } from '../../http/envelope.ts';
import { asManager, findPromoterByCode } from '../promoters-repo.ts';

/**
 * The first manager sticks (addCustomer, first order); staff hand a customer over. A staff member with the
 * broker or manager role may move their own customer, or bind one who has none; another manager's customer
 * is not theirs to take, and staff of other roles (compliance, roster) move no one.
 */
export async function setManager(deps: AppDeps, user: UserRow, input: { customerId: string; managerCode: string }): Promise<void> {
  if (!(await staffWithRole(deps.db, user.id, ['broker', 'manager']))) throw forbidden('客户');
  const customer = await getUserByCode(deps.db, input.customerId);
  const current = customer ? await getManagerOf(deps.db, customer.id) : undefined;
  if (!customer || (current && current.managerUserCode !== user.userCode)) throw forbidden('客户');
  const target = await findPromoterByCode(deps.db, input.managerCode);
  if (!target) throw notFound('客户经理');
  if (target.userId === customer.id) throw rejected('不能成为自己的客户');
  await reassignManager(deps.db, { userId: customer.id, ...asManager(target), now: deps.now() });
}
