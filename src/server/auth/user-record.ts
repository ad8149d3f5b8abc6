import type { UserRecord, TokenPair } from '../../contract/auth.ts';
import { maskPhone } from '../../engine/rules/index.ts';
import type { UserRow } from './users-repo.ts';

/** Head-office branch (spec §9) until brokers and branches are modelled. */
const DEFAULT_BRANCH = { branchCode: 'JT0000', branchName: '总公司' };

export interface RecordExtras {
  isStaff?: boolean;
  schanelCode?: string;
  branchCode?: string;
  branchName?: string;
}

/** The user record the client stores after log-in (spec §3 User); the phone is masked. */
export function toUserRecord(user: UserRow, pair: TokenPair, extras: RecordExtras = {}): UserRecord {
  const masked = maskPhone(user.phone);
  return {
    ...pair,
    userCode: user.userCode,
    userName: masked,
    userId: user.id,
    phone: masked,
    loginAccount: masked,
    branchCode: extras.branchCode ?? DEFAULT_BRANCH.branchCode,
    branchName: extras.branchName ?? DEFAULT_BRANCH.branchName,
    schanelCode: extras.schanelCode ?? '',
    isStaff: extras.isStaff ?? false,
  };
}
