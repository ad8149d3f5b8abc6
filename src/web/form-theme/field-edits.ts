import { startTransition } from 'react';
import { flushSync } from 'react-dom';

/**
 * Text typed into the insure form is kept by its field while the user types:
 * a keystroke re-renders that field only. The field hands the
 * text to rjsf — and so to the stored draft — after a short pause, on blur,
 * and before the page goes away (`pagehide`, or hidden), so a reload loses
 * nothing. Each field with text not yet handed over registers its commit here.
 */
export const FIELD_EDIT_PAUSE_MS = 300;

const pending = new Set<() => void>();

/** Registers a field's commit while it holds text not handed over; returns the unregistration. */
export function holdFieldEdit(commit: () => void): () => void {
  pending.add(commit);
  return () => pending.delete(commit);
}

/** Ids of the fields whose text was last handed over after a pause, in a transition (see handOverAfterPause). */
const afterPause = new Set<string>();

/**
 * Hands a field's text over after a pause, as a transition: what it re-renders
 * (rjsf's Form, then the screen with the new draft) yields to the keys typed
 * meanwhile instead of holding them up. The form's change handler asks
 * `handedOverAfterPause` to save the draft in a transition too.
 */
export function handOverAfterPause(id: string, send: () => void): void {
  afterPause.add(id);
  startTransition(send);
}

/** Hands a field's text over now (a blur, the page going away): the draft and what depends on it follow at once. */
export function handOverNow(id: string, send: () => void): void {
  afterPause.delete(id);
  send();
}

/** True once for a change of field `id` that handOverAfterPause sent. */
export function handedOverAfterPause(id: string | undefined): boolean {
  return id !== undefined && afterPause.delete(id);
}

/** Hands every held text over now, rendering synchronously so the draft is stored before this returns. */
export function flushFieldEdits(): void {
  if (pending.size === 0) return;
  const commits = [...pending];
  pending.clear();
  flushSync(() => commits.forEach((commit) => commit()));
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flushFieldEdits);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushFieldEdits();
  });
}
