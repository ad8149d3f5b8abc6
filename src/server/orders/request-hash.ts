import { createHash } from 'node:crypto';
import type { ApplicationFormInput } from '../../contract/order.ts';

/** JSON with object keys sorted, so that the same body always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What an idempotentSerialNo is bound to: the application forms submitted with it. */
export function requestHashOf(body: { applicationForms: readonly ApplicationFormInput[] }): string {
  return createHash('sha256').update(canonicalJson(body.applicationForms)).digest('hex');
}

export const MSG_SERIAL_OTHER_BODY = '该流水号已用于另一份投保单，请重新提交';

