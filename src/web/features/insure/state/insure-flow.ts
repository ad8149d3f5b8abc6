/**
 * State of the insure → confirm → order flow that outlives a screen:
 * the clauses read (spec §4 Protocol reading), the order serial that makes a
 * retried submission idempotent, and the clean-up after an order (spec §4.5).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { getDefaultStore } from 'jotai';
import { RESET } from 'jotai/utils';
import { insureDraftAtom, useInsureDraft, type InsureDraft } from './insure-draft.ts';
import {
  allRead,
  markAllRead,
  markRead,
  readCount,
  readingBlock,
  restoreReading,
  setAgreed,
  type ReadingBlock,
  type ReadingState,
} from '../../../../engine/protocol/protocol-reading.ts';
import { STORAGE_KEYS, readJson, removeKeys, writeJson } from '../../../shared/state/storage.ts';

// ---------------------------------------------------------------- protocol reading

export interface ProtocolReading {
  read: ReadonlySet<string>;
  /** The 我已阅读并同意 box, only ever true once every clause is read. */
  agreed: boolean;
  /** Every listed clause read (and there is at least one): the condition to go on, with `agreed`. */
  allRead: boolean;
  /** Read clauses among the listed ones. */
  readCount: number;
  /** Why the step may not go on yet (null: it may). */
  block: ReadingBlock | null;
  markRead: (name: string) => void;
  /** 全部已读: every clause read, and the box ticked. */
  markAllRead: () => void;
  setAgreed: (agreed: boolean) => void;
}

function loadProtocolState(productCode: string): ReadingState {
  return restoreReading(readJson<unknown>(STORAGE_KEYS.protocolState), productCode);
}

/**
 * Which of `names` (the product's clauses) have been read, kept in local
 * storage (STORAGE_KEYS.protocolState, removed by clear-form routes) so that
 * a reload, a notice screen or a trip to the confirm page and back keeps it.
 * The rule itself is the engine's pure protocol-reading module; this hook
 * only stores its results. Read from storage on mount (not a jotai atom)
 * because clear-form routes remove the key directly.
 */
export function useProtocolReading(productCode: string, names: readonly string[]): ProtocolReading {
  const [state, setState] = useState(() => loadProtocolState(productCode));
  useEffect(() => setState(loadProtocolState(productCode)), [productCode]);

  const update = useCallback((change: (s: ReadingState) => ReadingState) => {
    setState((current) => {
      const next = change(current);
      writeJson(STORAGE_KEYS.protocolState, next);
      return next;
    });
  }, []);

  const onRead = useCallback((name: string) => update((s) => markRead(s, name)), [update]);
  const onReadAll = useCallback(() => update((s) => markAllRead(s, names)), [update, names]);
  const onAgreed = useCallback((agreed: boolean) => update((s) => setAgreed(s, names, agreed)), [update, names]);

  // The same object while nothing changed: the insure screen re-renders on every draft change (a field handed over
  // after a pause) and its clause agreement, memoised, then stays as it is.
  return useMemo(() => {
    const done = allRead(state, names);
    return {
      read: new Set(state.read),
      agreed: state.agreed && done,
      allRead: done,
      readCount: readCount(state, names),
      block: readingBlock(state, names),
      markRead: onRead,
      markAllRead: onReadAll,
      setAgreed: onAgreed,
    };
  }, [state, names, onRead, onReadAll, onAgreed]);
}

// ---------------------------------------------------------------- order serial

const ORDER_SERIAL_KEY = 'orderSerial';

interface StoredSerial {
  /** What was submitted with this serial (the order body without the serial). */
  fingerprint: string;
  serial: string;
}

/**
 * The idempotentSerialNo for an order body. A retry of the same body (after a
 * network error, a reload, a refused resubmit token) reuses the stored
 * serial, so the server creates the order at most once; a changed body gets a
 * new serial from `fetchSerial`.
 */
export async function orderSerialFor(fingerprint: string, fetchSerial: () => Promise<string>): Promise<string> {
  const saved = readJson<StoredSerial>(ORDER_SERIAL_KEY);
  if (saved && saved.fingerprint === fingerprint && saved.serial) return saved.serial;
  const serial = await fetchSerial();
  writeJson(ORDER_SERIAL_KEY, { fingerprint, serial } satisfies StoredSerial);
  return serial;
}

/**
 * After an order is created (spec §4.5): the stored holder and insureds, the
 * renewal data, the clause reading and the serial are cleared, and the promo
 * code is blanked.
 */
export function clearAfterOrder(): void {
  getDefaultStore().set(insureDraftAtom, RESET);
  removeKeys(STORAGE_KEYS.renewalData, STORAGE_KEYS.protocolState, ORDER_SERIAL_KEY);
  localStorage.setItem(STORAGE_KEYS.promoCode, '');
}

// ---------------------------------------------------------------- draft of one product

/** The draft of `productCode`, or null; a draft of another product lends only its holder (the same parent). */
export function draftForProduct(draft: InsureDraft | null, productCode: string): InsureDraft | null {
  if (!draft) return null;
  if (draft.productCode === productCode) return draft;
  return { productCode, policyHolder: draft.policyHolder, insureds: [], wards: [] };
}

/**
 * The insure draft of one product, and a setter that saves at once (local
 * storage). The server draft serial (tempSerialNo) and the health notice
 * answers of the product are kept across edits unless `next` names others
 * (the form hands over only the people).
 */
export function useProductDraft(productCode: string): [InsureDraft | null, (next: Omit<InsureDraft, 'productCode'>) => void] {
  const [draft, setDraft] = useInsureDraft();
  const save = useCallback(
    (next: Omit<InsureDraft, 'productCode'>) => {
      const same = draft?.productCode === productCode;
      const serial = next.tempSerialNo ?? (same ? draft.tempSerialNo : undefined);
      const answers = next.healthAnswers ?? (same ? draft.healthAnswers : undefined);
      setDraft({ productCode, ...next, ...(serial ? { tempSerialNo: serial } : {}), ...(answers ? { healthAnswers: answers } : {}) });
    },
    [productCode, setDraft, draft],
  );
  return [draftForProduct(draft, productCode), save];
}
