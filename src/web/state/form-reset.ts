import { getDefaultStore } from 'jotai';
import { RESET } from 'jotai/utils';
import { insureDraftAtom } from './insure-draft.ts';
import { STORAGE_KEYS, removeKeys } from './storage.ts';

/**
 * Clears the stored insure form and the protocol reading state (spec §2
 * clear-form routes). Goes through the jotai store so mounted screens see the
 * reset, not only local storage.
 */
export function clearStoredForm(): void {
  getDefaultStore().set(insureDraftAtom, RESET);
  removeKeys(STORAGE_KEYS.protocolState);
}

/** Disposes the saved record (spec §2 clear-record routes). */
export function clearSavedRecord(): void {
  removeKeys(STORAGE_KEYS.savedRecord);
}
