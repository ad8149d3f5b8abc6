import { complianceCalls } from '../../../../contract/recording.ts';
import { ErrorCode } from '../../../../contract/envelope.ts';
import { ApiError, call } from '../../../shared/api/client.ts';

/** The compliance replay's calls (staff with the compliance role; docs/recording.md). */
export const complianceApi = {
  find: (key: { orderCode?: string; policyNo?: string }) => call(complianceCalls.findRecordings, { query: key }, { silent: true }),
  recording: (serial: string) => call(complianceCalls.recording, { params: { serial } }, { silent: true }),
};

/** The caller is no compliance reviewer (4003, the call's only refusal of a logged-in user). */
export function isNotCompliance(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.Forbidden;
}
