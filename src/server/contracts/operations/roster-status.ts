import type { RosterCardCheck, RosterCheck } from '../../../contract/contracts.ts';
import { maskName } from '../../../engine/rules/index.ts';
import type { AppDeps } from '../../app-deps.ts';
import { findManifest } from '../../catalogue/manifest-store.ts';
import { forbidden } from '../../http/envelope.ts';
import { reserveAttempt, ROSTER_LIMIT } from '../../http/call-limits.ts';
import { findPaidOrderOfInsured, findRosterEntry, updateRosterRow, type RosterRow } from '../contracts-repo.ts';
import { readableContract } from './contract-access.ts';

const rosterView = (row: RosterRow | undefined): RosterCheck =>
  row
    ? { found: true, name: maskName(row.name), schoolName: row.schoolName, className: row.className, status: row.status }
    : { found: false, name: '', schoolName: '', className: '', status: '' };

/** Whether an ID number is on a product's roster, and its status. */
export async function checkRosterCard(deps: AppDeps, userId: string, productCode: string, cardNo: string): Promise<RosterCardCheck> {
  findManifest(deps.manifests, productCode);
  // Every query counts, found or not, so ID numbers cannot be swept (docs/security.md).
  await reserveAttempt(deps.db, ROSTER_LIMIT, userId, deps.now(), productCode);
  const row = await findRosterEntry(deps.db, productCode, cardNo.toUpperCase());
  return row ? { found: true, status: row.status } : { found: false, status: '' };
}

/** The roster entry of the caller's agreement's insured, its status recomputed from the agreement and the paid orders. */
export async function syncRosterStatus(deps: AppDeps, userId: string, contractNo: string): Promise<RosterCheck> {
  const row = await readableContract(deps, userId, contractNo);
  if (row.userId !== userId) throw forbidden('协议');
  const entry = await findRosterEntry(deps.db, row.productCode, row.insuredIdNo);
  if (!entry) return rosterView(undefined);
  const paid = await findPaidOrderOfInsured(deps.db, row.userId, row.productCode, row.insuredIdNo);
  // The payment itself moves an entry to 2 (markRosterInsured); this never moves it back.
  const status = paid || entry.status === '2' ? '2' : row.status === 'signed' ? '1' : entry.status;
  const updated = await updateRosterRow(deps.db, entry.id, { status, contractNo: row.contractNo, updatedAt: deps.now() });
  return rosterView(updated);
}
