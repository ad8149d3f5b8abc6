/**
 * Renewal data (spec §4 Renewal): stored when the holder renews a policy,
 * sent by the confirm page as the application form's `renewal`, cleared after
 * the order (clearAfterOrder removes STORAGE_KEYS.renewalData).
 */
import { STORAGE_KEYS, readJson, removeKeys, writeJson } from '../../../shared/state/storage.ts';

export interface RenewalData {
  productCode: string;
  /** The last policy's own renewal count; the server stores it + 1. */
  renewalTimes: number;
  renewalLastPolicyNo: string;
}

export function storeRenewalData(data: RenewalData): void {
  writeJson(STORAGE_KEYS.renewalData, data);
}

/** The stored renewal data when they belong to `productCode` (a renewal renews the same product). */
export function renewalDataFor(productCode: string): RenewalData | null {
  const data = readJson<RenewalData>(STORAGE_KEYS.renewalData);
  return data && data.productCode === productCode && typeof data.renewalLastPolicyNo === 'string' ? data : null;
}

export function clearRenewalData(): void {
  removeKeys(STORAGE_KEYS.renewalData);
}
