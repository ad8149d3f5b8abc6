/**
 * Local storage keys and typed access. Keys follow the spec's names where it
 * gives them (planMsg, user); the rest are ours.
 */
export const STORAGE_KEYS = {
  user: 'user',
  planMsg: 'planMsg',
  insureDraft: 'insureDraft',
  promoCode: 'promoCode',
  savedRecord: 'savedRecord',
  protocolState: 'protocolState',
  renewalData: 'renewalData',
  // --- markets
  /** The current market and whether the visitor has been through the market selection (docs/markets.md). */
  marketChoice: 'marketChoice',
} as const;

export function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  localStorage.setItem(key, JSON.stringify(value));
}

export function removeKeys(...keys: string[]): void {
  for (const key of keys) localStorage.removeItem(key);
}
