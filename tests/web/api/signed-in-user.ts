import type { saveUser } from '../../../src/web/shared/state/session.ts';

/** A parent signed in, as the login answer leaves it in storage (phone masked as the server sends it). */
export const signedInUser: Parameters<typeof saveUser>[0] = {
  token: 'access',
  refreshToken: 'r'.repeat(32),
  expiresIn: 900,
  userCode: 'U1',
  userName: '家长',
  userId: '42',
  phone: '138****8000',
  loginAccount: '138****8000',
  branchName: '总部',
  branchCode: 'JT0000',
  schanelCode: '',
  isStaff: false,
};
