import type { AuthUser } from '../../auth/access-token.ts';
import type { Db } from '../../db/db.ts';
import { forbidden } from '../../http/envelope.ts';
import { findCustomer, type CustomerRow, type Promoter } from '../promoter-area-repo.ts';
import { isPromoter } from '../promoters-repo.ts';

/** The caller when they are a promoter; anyone else gets 4003. */
export async function requirePromoter(db: Db, user: AuthUser): Promise<Promoter> {
  const promoter = { id: user.userId, userCode: user.userCode };
  if (!(await isPromoter(db, promoter))) throw forbidden('推广专区');
  return promoter;
}

/** One of the caller's customers; another's and an unknown id get the same 4003 (no oracle). */
export async function requireCustomer(db: Db, promoter: Promoter, customerId: string): Promise<CustomerRow> {
  const customer = await findCustomer(db, { promoter, customerId });
  if (!customer) throw forbidden('客户');
  return customer;
}
