import { useCallback, useSyncExternalStore } from 'react';

/**
 * The form's whole data, for the few widgets that read another field of the
 * same person (sex and birthday from the ID number, the college from the
 * school, the school's suggestions from the district). It reaches them
 * through rjsf's formContext as this store, which never changes, rather than
 * as the data itself: rjsf hands the formContext to every field in its
 * registry and compares each field's props deeply, so data in the context
 * made every field of the form re-render on every change. A widget
 * reads the store with a selector and re-renders only when what it selected
 * changes.
 */
export interface FormDataStore {
  get(): unknown;
  set(data: unknown): void;
  subscribe(listener: () => void): () => void;
}

export function createFormDataStore(initial: unknown): FormDataStore {
  let data = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => data,
    set(next) {
      if (next === data) return;
      data = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The formContext of a form whose widgets read its data through `formDataStore`. */
export interface FormDataContext {
  formDataStore: FormDataStore;
}

function storeOf(formContext: unknown): FormDataStore | undefined {
  return (formContext as Partial<FormDataContext> | undefined)?.formDataStore;
}

const noStore = () => () => {};

/**
 * `select` applied to the form's data from `formContext`'s store, re-rendering
 * the caller only when the selection changes. `select` must return a value
 * compared by identity (a string, a number, a boolean, undefined); it sees
 * undefined when the form has no store.
 */
export function useFormDataSelection<T extends string | number | boolean | undefined>(formContext: unknown, select: (data: unknown) => T): T {
  const store = storeOf(formContext);
  const subscribe = useCallback((listener: () => void) => (store ? store.subscribe(listener) : noStore()), [store]);
  return useSyncExternalStore(subscribe, () => select(store?.get()));
}

/** The person a field of the insure form belongs to (`root_policyHolder_sex`, `root_insureds_0_birthday`, `root_wards_1_sex`) in the form's data. */
export function personOfField(id: string, data: unknown): Record<string, unknown> | undefined {
  const match = /^root_(policyHolder|insureds|wards)(?:_(\d+))?_\w+$/.exec(id);
  if (!match || !data || typeof data !== 'object') return undefined;
  const section = (data as Record<string, unknown>)[match[1] ?? ''];
  if (match[2] === undefined) return section as Record<string, unknown> | undefined;
  return Array.isArray(section) ? (section[Number(match[2])] as Record<string, unknown> | undefined) : undefined;
}

/** The insured a field of the insure form belongs to (`root_insureds_0_collegeName` → insureds[0]). */
export function siblingInsured(id: string, data: unknown): Record<string, unknown> | undefined {
  return /^root_insureds_\d+_\w+$/.test(id) ? personOfField(id, data) : undefined;
}
