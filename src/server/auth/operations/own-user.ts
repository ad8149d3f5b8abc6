import type { Db } from '../../db/db.ts';
import { forbidden, notFound } from '../../http/envelope.ts';
import type { AuthUser } from '../access-token.ts';
import { getUserById, type UserRow } from '../users-repo.ts';

/** The caller's own row; a userCode naming someone else is refused (4003). */
export async function requireOwnUser(db: Db, caller: AuthUser, userCode?: string): Promise<UserRow> {
  if (userCode !== undefined && userCode !== caller.userCode) throw forbidden('用户信息');
  const user = await getUserById(db, caller.userId);
  if (!user) throw notFound('用户');
  return user;
}
