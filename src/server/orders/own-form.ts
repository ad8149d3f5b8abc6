import type { AuthUser } from '../auth/access-token.ts';
import type { Db } from '../db/db.ts';
import { forbidden, notFound } from '../http/envelope.ts';
import { getFormView, type FormKey, type FormView } from './orders-repo.ts';

/**
 * The caller's own application form: 4004 when it does not exist, 4003 when
 * it is someone else's (the answer carries nothing of it), 4004 when its
 * holder deleted it.
 */
export async function requireOwnForm(db: Db, key: FormKey, user: AuthUser): Promise<FormView> {
  const view = await getFormView(db, key);
  if (!view) throw notFound('订单');
  if (view.userId !== user.userId) throw forbidden('订单');
  if (view.deletedAt) throw notFound('订单');
  return view;
}
