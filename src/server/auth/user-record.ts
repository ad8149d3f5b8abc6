import type { UserRecord, TokenPair } from '../../contract/auth.ts';
import { maskPhone } from '../../engine/rules/index.ts';
import type { UserRow } from './users-repo.ts';

/** Head-office branch (spec §9) until brokers and branches are modelled. */
const DEFAULT_BRANCH = { branchCode: 'JT0000', branchName: '总公司' };

/** The user record the client stores after log-in (spec §3 User); the phone is masked. */
export function toUserRecord(user: UserRow, pair: TokenPair): UserRecord {
  const masked = maskPhone(user.phone);
  return {
    ...pair,
    userCode: user.userCode,
    userName: masked,
    userId: user.id,
    phone: masked,
    loginAccount: masked,
    ...DEFAULT_BRANCH,
    schanelCode: '',
    isStaff: false,
  };
}
