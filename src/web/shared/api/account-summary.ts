import { accountCalls, type AccountSummary } from '../../../contract/accounts.ts';
import { SYS_CODE } from '../../../engine/rules/enums.ts';
import { call, type CallOptions } from './client.ts';

/** The caller's account summary (documents, whether a promoter): read by the account screens and the promoter area. */
export const accountSummary = (userCode: string, o?: Pick<CallOptions, 'silent'>): Promise<AccountSummary> =>
  call(accountCalls.accountSummary, { query: { userCode, sysCode: SYS_CODE } }, { thing: '账户信息', ...o });
