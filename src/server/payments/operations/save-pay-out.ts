import type { SavePayOutBody } from '../../../contract/order.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AuthUser } from '../../auth/access-token.ts';
import { rejected } from '../../http/envelope.ts';
import { requireOwnForm } from '../../orders/own-form.ts';
import { upsertPayOut } from '../pay-outs-repo.ts';

/** Keeps the pay-out record of the caller's application (one per application: saved again, replaced). */
export async function savePayOut(deps: AppDeps, user: AuthUser, body: SavePayOutBody): Promise<void> {
  const now = deps.now();
  const view = await requireOwnForm(deps.db, { applicationFormCode: body.applicationFormCode }, user);
  if (view.productCode !== body.productCode) throw rejected('产品与投保单不符');
  await upsertPayOut(deps.db, {
    applicationFormId: view.formId,
    userId: user.userId,
    productCode: body.productCode,
    startTime: body.startTime ?? null,
    holderCode: body.holderCode ?? null,
    isRenewal: body.isRenewal ?? null,
    createdAt: now,
    updatedAt: now,
  });
}
