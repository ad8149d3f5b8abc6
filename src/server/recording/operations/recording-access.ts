import { ErrorCode } from '../../../contract/envelope.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AuthUser } from '../../auth/access-token.ts';
import { getStaffOfUser } from '../../auth/people-repo.ts';
import { isSessionRevoked } from '../../auth/sessions.ts';
import type { Db } from '../../db/db.ts';
import { tokenFromHeader } from '../../http/auth-guard.ts';
import { ApiError } from '../../http/envelope.ts';

/** The caller when a valid, live token came along; null for a visitor (a sale begins before log-in). */
export async function optionalRecorder(deps: AppDeps, authorization: string | undefined): Promise<AuthUser | null> {
  const token = tokenFromHeader(authorization);
  const claims = token ? await deps.tokens.verify(token) : null;
  if (!claims || (await isSessionRevoked(deps.db, claims))) return null;
  return claims;
}

/** Recordings are compliance staff's to search and replay, nobody else's. */
export async function requireCompliance(db: Db, user: AuthUser): Promise<void> {
  const staff = await getStaffOfUser(db, user.userId);
  if (!staff?.roles.includes('compliance')) throw new ApiError(ErrorCode.Forbidden, '仅合规人员可查看销售录屏');
}
