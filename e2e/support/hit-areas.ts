import type { Page } from '@playwright/test';

/**
 * Tap targets of at least 44×44 CSS px, measured in the
 * browser rather than claimed: for every visible interactive element of the
 * screen (links, buttons, inputs, and anything with a button-like role), the
 * points of a 44×44 square centred on it are hit-tested with
 * `document.elementsFromPoint`; a point counts when the topmost element there
 * is the control itself, something inside it, its <label>, or a pseudo-element
 * of it (an "equivalent hit area": a `::before` with negative insets extends a
 * small icon's area). Every sampled point must count.
 *
 * Left out, as WCAG 2.5.8 leaves them out: links inside a sentence (their size
 * is the line's), controls the browser draws (a date input's own parts), and
 * controls covered by something else right now (behind a popup's mask). A toast, which
 * covers for two seconds and goes by itself, is looked through.
 */

export interface SmallTarget {
  /** A short description: tag, id or class, and text. */
  target: string;
  /** The element's own box, for the message. */
  box: string;
  /** How many of the sampled points missed it. */
  missed: number;
  /** What took the missed points instead (off screen: outside the viewport), for the message. */
  takenBy: string[];
}

const INTERACTIVE = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  '[role="button"]',
  '[role="link"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="tab"]',
  '[role="option"]',
  '[role="menuitem"]',
].join(',');

/** The interactive elements of the screen whose hit area is smaller than `size`×`size`. */
export async function smallTapTargets(page: Page, size = 44): Promise<SmallTarget[]> {
  return page.evaluate(
    ({ selector, size }) => {
      const half = size / 2;
      const describe = (el: Element): string => {
        const id = el.id ? `#${el.id}` : '';
        const cls = !id && typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/)[0]}` : '';
        const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 16) || el.getAttribute('aria-label') || '';
        return `${el.tagName.toLowerCase()}${id}${cls}${text ? ` "${text}"` : ''}`;
      };
      /** What a tap lands on for `el`: the <label> wrapping an input (antd-mobile's checkbox and radio), or the element. */
      const owner = (el: Element): Element => (el instanceof HTMLInputElement && el.closest('label')) || el;
      /** Inside running text: an inline link or button with text of the same block before or after it. */
      const inline = (el: Element): boolean => {
        const block = el.parentElement;
        if (!block || !getComputedStyle(el).display.startsWith('inline')) return false;
        // Running text: the block holds words of its own (text nodes), not only other controls.
        return Array.from(block.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
      };
      // A toast covers what is under it for two seconds and goes by itself: the hit test looks through it.
      const topmost = (x: number, y: number): Element | null =>
        document.elementsFromPoint(x, y).find((el) => !el.closest('.adm-toast-mask')) ?? null;
      const covers = (hit: Element | null, el: Element, target: Element): boolean =>
        hit !== null && (el.contains(hit) || target.contains(hit) || (hit instanceof HTMLLabelElement && hit.control === el));

      const small: { target: string; box: string; missed: number; takenBy: string[] }[] = [];
      const seen = new Set<Element>();
      // Measuring scrolls each control into view; every scroll position is put back afterwards, so
      // the check leaves the screen as the user left it (a back navigation restores what it saved).
      const scrolled = new Map<Element, [number, number]>();
      const keepScroll = (el: Element): void => {
        for (let box = el.parentElement; box; box = box.parentElement) {
          if (!scrolled.has(box) && (box.scrollHeight > box.clientHeight || box.scrollWidth > box.clientWidth)) scrolled.set(box, [box.scrollLeft, box.scrollTop]);
        }
      };
      const pageScroll: [number, number] = [scrollX, scrollY];
      for (const el of Array.from(document.querySelectorAll(selector))) {
        const target = owner(el);
        if (seen.has(target)) continue;
        seen.add(target);
        if (el.closest('[aria-hidden="true"], [inert]') || (el as HTMLElement).hidden) continue;
        if (el instanceof HTMLInputElement && (el.type === 'file' || el.disabled)) continue;
        if ((el as HTMLButtonElement).disabled) continue;
        if (inline(el)) continue;
        keepScroll(target);
        target.scrollIntoView({ block: 'center', inline: 'center' });
        const rect = target.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        const style = getComputedStyle(target);
        if (style.visibility === 'hidden' || style.pointerEvents === 'none') continue;
        const cx = rect.left + rect.width / 2;
        const cy = rect.top + rect.height / 2;
        // Covered right now (a popup's mask, a fixed bar): not tappable on this screen, not measured.
        if (!covers(topmost(cx, cy), el, target)) continue;
        const points: [number, number][] = [];
        for (const dx of [-half + 0.5, 0, half - 0.5]) for (const dy of [-half + 0.5, 0, half - 0.5]) points.push([cx + dx, cy + dy]);
        // Points off the viewport cannot be hit-tested; a target that close to the edge is measured by its box.
        const onScreen = points.filter(([x, y]) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight);
        const offScreen = points.length - onScreen.length > 0 && (rect.width < size || rect.height < size) ? points.length - onScreen.length : 0;
        let missed = offScreen;
        const takenBy = new Set<string>(offScreen > 0 ? ['off screen'] : []);
        for (const [x, y] of onScreen) {
          const hit = topmost(x, y);
          if (covers(hit, el, target)) continue;
          missed += 1;
          takenBy.add(hit ? describe(hit) : 'nothing');
        }
        if (missed > 0) small.push({ target: describe(target), box: `${Math.round(rect.width)}×${Math.round(rect.height)}`, missed, takenBy: [...takenBy] });
      }
      for (const [box, [left, top]] of scrolled) {
        box.scrollLeft = left;
        box.scrollTop = top;
      }
      window.scrollTo(pageScroll[0], pageScroll[1]);
      return small;
    },
    { selector: INTERACTIVE, size },
  );
}

/** A readable list for a failure message. */
export function describeSmallTargets(route: string, targets: readonly SmallTarget[]): string {
  return targets.map((t) => `${route}: ${t.target} (${t.box}, ${t.missed}/9 points of a 44×44 square miss it, taken by ${t.takenBy.join(', ')})`).join('\n');
}
