import type { FastifyInstance } from 'fastify';
import { policyCalls } from '../../contract/policy.ts';
import type { AppDeps } from '../app-deps.ts';
import { currentUser } from '../http/auth-guard.ts';
import { forbidden, notFound, ok } from '../http/envelope.ts';
import { routesOf } from '../http/route.ts';
import { deleteDraftOfUser, getDraft, listDraftsOfUser } from './drafts-repo.ts';
import { saveDraft } from './operations/save-draft.ts';
import { toTempFormItem } from './policy-detail-views.ts';

/** The insure form's drafts (暂存): save, read or list, delete; the caller's own only. */
export function registerDraftRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const route = routesOf(app, deps);

  route(policyCalls.saveTempForm, async (request) => {
    const { created, ...saved } = await saveDraft(deps, currentUser(request).userId, request.body);
    return created ? ok(saved, '暂存成功') : ok(saved);
  });

  route(policyCalls.selectTempForm, async (request) => {
    const user = currentUser(request);
    const serial = request.body.tempSerialNo;
    if (serial) {
      const row = await getDraft(db, serial);
      if (!row) throw notFound('暂存单');
      if (row.userId !== user.userId) throw forbidden('暂存单');
      return ok({ list: [toTempFormItem(row, true)] });
    }
    const rows = await listDraftsOfUser(db, user.userId, request.body.productCode);
    return ok({ list: rows.map((row) => toTempFormItem(row, false)) });
  });

  route(policyCalls.deleteTempForm, async (request) => {
    const user = currentUser(request);
    const serial = request.params.serial;
    if (await deleteDraftOfUser(db, user.userId, serial)) return ok(null, '删除成功');
    if (await getDraft(db, serial)) throw forbidden('暂存单');
    throw notFound('暂存单');
  });
}
