import { STORAGE_KEYS, removeKeys } from './storage.ts';

/** Resets of state kept in memory over the stored form (the insure draft atom registers one when it loads). */
const resetters = new Set<() => void>();

/** Called by a module holding the stored form in memory: `clearStoredForm` resets it too. */
export function onStoredFormCleared(reset: () => void): void {
  resetters.add(reset);
}

/**
 * Clears the stored insure form and the protocol reading state (spec §2
 * clear-form routes): local storage, and the jotai draft atom when it is
 * loaded, so mounted screens see the reset. No jotai here: the routes that
 * clear the form (home among them) do not load the draft state for it.
 */
export function clearStoredForm(): void {
  removeKeys(STORAGE_KEYS.insureDraft, STORAGE_KEYS.protocolState);
  for (const reset of resetters) reset();
}

/** Disposes the saved record (spec §2 clear-record routes). */
export function clearSavedRecord(): void {
  removeKeys(STORAGE_KEYS.savedRecord);
}
