import { createHash } from 'node:crypto';
import type { ApplicationFormInput } from '../../contract/order.ts';

/**
 * JSON with object keys sorted, so that the same body always hashes the same
 * (what JSON.stringify gives for a body whose keys are already in order;
 * undefined properties are left out, as JSON.stringify leaves them).
 */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    let out = '[';
    // An element JSON cannot write (undefined) is left empty, as Array.prototype.join leaves it.
    for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + ((canonicalJson(value[i]) as string | undefined) ?? '');
    return out + ']';
  }
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object).sort();
    let out = '{';
    for (const key of keys) {
      const v = object[key];
      if (v === undefined) continue;
      out += (out.length > 1 ? ',' : '') + JSON.stringify(key) + ':' + canonicalJson(v);
    }
    return out + '}';
  }
  return JSON.stringify(value);
}

/** What an idempotentSerialNo is bound to: the application forms submitted with it. */
export function requestHashOf(body: { applicationForms: readonly ApplicationFormInput[] }): string {
  return createHash('sha256').update(canonicalJson(body.applicationForms)).digest('hex');
}

export const MSG_SERIAL_OTHER_BODY = '该流水号已用于另一份投保单，请重新提交';

