import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * Scroll restoration (spec §2: "scroll position is restored on back
 * navigation, otherwise the page starts at the top"), what react-router's
 * `<ScrollRestoration>` does in data mode, which declarative mode lacks:
 * - the position is saved per history entry (its location key) as the
 *   navigation leaving it starts (`rememberScroll`, called by the app's
 *   navigation) and when the page is hidden (a reload or another app), in
 *   session storage so a reload keeps it;
 * - after the arriving route's screen commits (`useScrollRestoration`, used
 *   inside the route's Suspense boundary, so not while its chunk loads), a
 *   POP (back, forward, reload) goes back to the saved position, any other
 *   navigation to the top.
 */
const STORAGE_KEY = 'edu-scroll-positions';
/** Entries kept: the oldest are forgotten beyond this (a long session must not grow session storage without end). */
const MAX_ENTRIES = 100;

let positions: Map<string, number> | null = null;

function saved(): Map<string, number> {
  if (positions) return positions;
  positions = new Map();
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    if (stored && typeof stored === 'object') {
      for (const [key, y] of Object.entries(stored)) if (typeof y === 'number') positions.set(key, y);
    }
  } catch {
    // Unreadable or unavailable storage: positions live in memory only.
  }
  return positions;
}

/** Saves the window's scroll position for the history entry `key` (the one being left). */
export function rememberScroll(key: string): void {
  const all = saved();
  all.delete(key);
  all.set(key, window.scrollY);
  while (all.size > MAX_ENTRIES) all.delete(all.keys().next().value as string);
}

/** The browser must not restore on its own (it would, before the screen has its height); positions survive a reload. */
export function setUpScrollRestoration(currentKey: () => string): void {
  window.history.scrollRestoration = 'manual';
  window.addEventListener('pagehide', () => {
    rememberScroll(currentKey());
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(saved())));
    } catch {
      // Storage full or unavailable: the positions are lost with the page, as without restoration.
    }
  });
}

/** Restores (POP) or resets (any other navigation) the scroll position once the route's screen has committed. */
export function useScrollRestoration(): void {
  const { key } = useLocation();
  const action = useNavigationType();
  useLayoutEffect(() => {
    const y = action === 'POP' ? saved().get(key) : undefined;
    window.scrollTo(0, y ?? 0);
  }, [key, action]);
}

/** Forgets every saved position (tests). */
export function forgetScrollPositions(): void {
  positions = new Map();
}
