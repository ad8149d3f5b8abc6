import { GW } from '../../../contract/define-call.ts';
import { accountCalls, type UserInfoBody } from '../../../contract/accounts.ts';
import { hasHiddenFormatCharacters, MSG_NAME } from '../../../engine/rules/index.ts';
import type { Db } from '../../db/db.ts';
import { rejected } from '../../http/envelope.ts';
import { updateProfile, type ProfileUpdate, type UserRow } from '../users-repo.ts';

/** Where the caller's uploaded images are served: an avatar is one of them. */
export const FILE_URL_PREFIX = `${GW}${accountCalls.upload.path}/`;

/** Saves the fields given of the caller's profile (blank: cleared); the row as it is after. */
export async function saveProfile(db: Db, user: UserRow, fields: Omit<UserInfoBody, 'userCode'>): Promise<UserRow> {
  if (fields.imgUrl && !fields.imgUrl.startsWith(FILE_URL_PREFIX)) throw rejected('头像地址无效');
  // The name promoters see in their customer lists: no control that would reorder or hide part of it.
  if (fields.actualName && hasHiddenFormatCharacters(fields.actualName)) throw rejected(MSG_NAME);
  const update: ProfileUpdate = {};
  for (const [key, value] of Object.entries(fields) as [keyof ProfileUpdate, string | undefined][]) {
    if (value !== undefined) update[key] = value.trim() === '' ? null : value.trim();
  }
  const saved = await updateProfile(db, user.id, update);
  return saved ?? user;
}
