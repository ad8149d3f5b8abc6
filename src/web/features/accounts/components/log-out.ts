import { accountApi } from '../api/accounts.ts';
import { forgetUser, getUser } from '../../../shared/state/session.ts';

/** Ends the session server-side (refresh family and access token), then forgets the user here. */
export async function logOut(): Promise<void> {
  const user = getUser();
  if (user) await accountApi.loginOut(user.token, user.refreshToken).catch(() => undefined);
  forgetUser();
}
