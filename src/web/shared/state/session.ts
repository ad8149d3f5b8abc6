import type { UserRecord } from '../../../contract/auth.ts';
import { STORAGE_KEYS, readJson, writeJson } from './storage.ts';

/**
 * The user record kept in local storage (spec §3), plus when the access token
 * expires and the phone the user typed to log in on this device (the server
 * answers it masked): it prefills their own forms (the holder's phone).
 */
export type StoredUser = UserRecord & { expiresAt: number; ownPhone?: string };

/** Listeners re-render the app when the session changes (log-in, refresh, log-out). */
const listeners = new Set<() => void>();
let current: StoredUser | null = readJson<StoredUser>(STORAGE_KEYS.user);

export function getUser(): StoredUser | null {
  return current;
}

/** Headers of a file fetched outside the API client (a PDF pdf.js fetches itself, a claim photo): the user's token. */
export function documentHeaders(): Record<string, string> {
  return current?.token ? { authorization: `Bearer ${current.token}` } : {};
}

/** The sign of a logged-in user (spec §6): a stored user id. */
export function isLoggedIn(): boolean {
  return Boolean(current?.userId && current.token);
}

export function saveUser(user: UserRecord & { ownPhone?: string }): void {
  current = { ...user, expiresAt: Date.now() + user.expiresIn * 1000 };
  writeJson(STORAGE_KEYS.user, current);
  listeners.forEach((l) => l());
}

export function updateTokens(token: string, refreshToken: string, expiresIn: number): void {
  if (!current) return;
  saveUser({ ...current, token, refreshToken, expiresIn });
}

/** Clears all stored data (spec §8: 401 and HTTP 401/404/406 clear storage). */
export function clearStorage(): void {
  current = null;
  localStorage.clear();
  listeners.forEach((l) => l());
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// --- accounts

/** Log-out on this device: the stored user goes, the rest of local storage (drafts, promo code) stays. */
export function forgetUser(): void {
  current = null;
  localStorage.removeItem(STORAGE_KEYS.user);
  listeners.forEach((l) => l());
}

/** Updates fields of the stored user (after a phone change). */
export function patchUser(patch: Partial<UserRecord> & { ownPhone?: string }): void {
  if (!current) return;
  current = { ...current, ...patch };
  writeJson(STORAGE_KEYS.user, current);
  listeners.forEach((l) => l());
}
