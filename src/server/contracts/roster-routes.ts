import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contractCalls } from '../../contract/contracts.ts';
import { maskName } from '../../engine/rules/index.ts';
import type { AppDeps } from '../app-deps.ts';
import { findManifest } from '../catalogue/manifest-store.ts';
import { currentClaims } from '../http/auth-guard.ts';
import { ok } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import type { RosterRow } from './contracts-repo.ts';
import { correctRosterRow, resetRosterRow, type RosterChanger } from './operations/change-roster.ts';
import { checkRosterCard, syncRosterStatus } from './operations/roster-status.ts';
import { loadRoster, parseRosterCsv } from './roster.ts';

const rowView = (row: RosterRow) => ({
  id: row.id,
  productCode: row.productCode,
  name: maskName(row.name),
  schoolName: row.schoolName,
  className: row.className,
  status: row.status,
  orderCode: row.orderCode,
});

const changer = (request: FastifyRequest): RosterChanger => ({ userId: currentClaims(request).userId, ip: request.ip });

/** The offline roster (docs/contracts.md): loading it in development, the checks against it, its staff's corrections. */
export function registerRosterRoutes(app: FastifyInstance, deps: AppDeps): void {
  const route = routesOf(app, deps);

  route(contractCalls.devRoster, async (request) => {
    findManifest(deps.manifests, request.body.productCode);
    const { entries, problems } = parseRosterCsv(request.body.csv, deps.now());
    return ok({ loaded: await loadRoster(deps.db, request.body.productCode, entries), problems });
  });

  route(contractCalls.verifyInsuredCardNo, async (request) => {
    const { productCode, cardNo } = request.query;
    const check = await checkRosterCard(deps, currentClaims(request).userId, productCode, cardNo);
    return ok(check, check.found ? 'success' : '该身份证号不在学校名单中，请联系学校核对');
  });

  route(contractCalls.updateInsStatus, async (request) => {
    return ok(await syncRosterStatus(deps, currentClaims(request).userId, request.body.contractNo));
  });

  // Idempotent (a second reset finds it at 0), so no resubmit token: the spec asks one only of orders and endorsements.
  route(contractCalls.resetStatus, async (request) => {
    return ok(rowView(await resetRosterRow(deps, changer(request), Number(request.params.id))), '已重置');
  });

  route(contractCalls.updateOfflineInsInfo, async (request) => {
    const { id, ...fields } = request.body;
    return ok(rowView(await correctRosterRow(deps, changer(request), id, fields)), '已保存');
  });
}
