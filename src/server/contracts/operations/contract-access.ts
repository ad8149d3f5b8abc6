import type { AppDeps } from '../../app-deps.ts';
import { getStaffOfUser } from '../../auth/people-repo.ts';
import { scopeCovers, staffWithRole } from '../../auth/staff-access.ts';
import { forbidden, notFound } from '../../http/envelope.ts';
import type { ContractRow } from '../contract-service.ts';
import { getContract, getRosterRow } from '../contracts-repo.ts';

/** The agreement when the caller may read it: its signer, compliance staff, or the product's manager. */
export async function readableContract(deps: AppDeps, userId: string, contractNo: string): Promise<ContractRow> {
  const row = await getContract(deps.db, contractNo);
  if (row?.userId === userId) return row;
  const staff = await getStaffOfUser(deps.db, userId);
  if (row && staff && (staff.roles.includes('compliance') || staff.employeeNum === row.managerEmployeeNum)) return row;
  throw forbidden('协议');
}

/**
 * The roster row `id` when the caller may change it: staff with the roster role whose scope covers the
 * row's product (its code, one of its markets, or every product). Anyone else is refused before the row
 * is looked up.
 */
export async function rosterRowToChange(deps: AppDeps, userId: string, id: number) {
  const staff = await staffWithRole(deps.db, userId, ['roster']);
  if (!staff) throw forbidden('名单记录');
  const row = await getRosterRow(deps.db, id);
  if (!row) throw notFound('名单记录');
  if (!scopeCovers(deps, staff.scope, row.productCode)) throw forbidden('名单记录');
  return { staff, row };
}
