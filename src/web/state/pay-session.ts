/**
 * Payment data that outlives a page: the stored renewal data the order
 * carries (spec §4 Renewal) and the WeChat openid of this browser session.
 */
import { STORAGE_KEYS, readJson } from './storage.ts';

/** Renewal data as the renewal flow stores it under STORAGE_KEYS.renewalData. */
export interface StoredRenewalData {
  renewalTimes?: number | string | null;
  policyNo?: string | null;
  renewalLastPolicyNo?: string | null;
}

export function getRenewalData(): StoredRenewalData | null {
  const data = readJson<StoredRenewalData>(STORAGE_KEYS.renewalData);
  return data && typeof data === 'object' ? data : null;
}

const OPENID_KEY = 'wechatOpenid';

/** The payer's openid, for this tab only (session storage: it is per WeChat user, never shared). */
export function getWechatOpenid(): string | null {
  try {
    return sessionStorage.getItem(OPENID_KEY);
  } catch {
    return null;
  }
}

export function setWechatOpenid(openid: string): void {
  try {
    sessionStorage.setItem(OPENID_KEY, openid);
  } catch {
    // Private mode: the next payment asks WeChat again.
  }
}
