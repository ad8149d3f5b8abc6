import type { AppDeps } from '../../app-deps.ts';
import type { StaffRow } from '../../auth/people-repo.ts';
import { notFound } from '../../http/envelope.ts';
import { recordStaffAction } from '../../tracking/op-log.ts';
import { updateRosterRow, type RosterRow } from '../contracts-repo.ts';
import { rosterRowToChange } from './contract-access.ts';

/** Who changes a roster row, and from where (the op-log keeps both). */
export interface RosterChanger {
  userId: string;
  ip: string;
}

/** The roster values an op-log entry keeps (masked there). */
const loggedValues = (row: RosterRow) => ({
  name: row.name,
  schoolName: row.schoolName,
  className: row.className,
  status: row.status,
  order: row.orderCode,
  contract: row.contractNo,
});

const logRosterChange = (deps: AppDeps, ip: string, action: string, staff: StaffRow, before: RosterRow, after: RosterRow) =>
  recordStaffAction(deps.db, {
    action,
    actor: { userId: staff.userId, employeeNum: staff.employeeNum },
    subject: { rosterId: before.id, product: before.productCode },
    before: loggedValues(before),
    after: loggedValues(after),
    ip,
    now: deps.now(),
  });

/** Changes a roster row the caller may change, with its op-log entry. */
async function changeRosterRow(deps: AppDeps, by: RosterChanger, id: number, action: string, set: Partial<RosterRow>): Promise<RosterRow> {
  const { staff, row: before } = await rosterRowToChange(deps, by.userId, id);
  const row = await updateRosterRow(deps.db, before.id, { ...set, updatedAt: deps.now() });
  if (!row) throw notFound('名单记录');
  await logRosterChange(deps, by.ip, action, staff, before, row);
  return row;
}

/** Back to not yet signed, without agreement or order. */
export const resetRosterRow = (deps: AppDeps, by: RosterChanger, id: number) =>
  changeRosterRow(deps, by, id, 'roster.reset', { status: '0', contractNo: null, orderCode: null });

/** The given fields corrected (trimmed); the others kept. */
export const correctRosterRow = (deps: AppDeps, by: RosterChanger, id: number, fields: Record<string, string | undefined>) =>
  changeRosterRow(
    deps,
    by,
    id,
    'roster.update',
    Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v).trim()])),
  );
