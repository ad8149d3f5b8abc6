import { type Page } from '@playwright/test';

/** A title that reads badly: clipped, or its last line a single character. */
export interface TypeProblem {
  text: string;
  problem: string;
}

/**
 * The titles of the screen (nav bar title, headings, product names on cards)
 * as the CJK font lays them out: clipped when their text is wider or taller
 * than their box, orphaned when the last of several lines holds one
 * character, cramped when a title of several lines is set tighter than 1.3 or
 * CJK body text tighter than 1.4 times its size.
 */
export async function titleProblems(page: Page): Promise<TypeProblem[]> {
  return page.evaluate(() => {
    const TITLES = '.adm-nav-bar-title, h1, h2, h3, [data-testid="product-name"]';
    const BODY = 'main p';
    const cjk = /[\u4e00-\u9fff]/;
    const problems: { text: string; problem: string }[] = [];
    /** The characters of an element grouped by line (the top of each character's box). */
    const lines = (el: Element): string[] => {
      const rows = new Map<number, string>();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let i = 0; i < text.length; i++) {
          if (/\s/.test(text[i]!)) continue;
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const box = range.getClientRects()[0];
          if (!box || box.width === 0) continue;
          const top = [...rows.keys()].find((t) => Math.abs(t - box.top) < box.height / 2) ?? Math.round(box.top);
          rows.set(top, (rows.get(top) ?? '') + text[i]);
        }
      }
      return [...rows.entries()].sort(([a], [b]) => a - b).map(([, text]) => text);
    };
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    for (const el of document.querySelectorAll<HTMLElement>(TITLES)) {
      if (!shown(el) || !el.textContent?.trim()) continue;
      const text = el.textContent.trim();
      const style = getComputedStyle(el);
      if (el.scrollWidth > el.clientWidth + 1 || (style.overflowY !== 'visible' && el.scrollHeight > el.clientHeight + 1)) {
        problems.push({ text, problem: `clipped (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})` });
      }
      const rows = lines(el);
      if (rows.length > 1 && [...rows.at(-1)!].length === 1) problems.push({ text, problem: `last line is one character: ${rows.join(' / ')}` });
      const size = parseFloat(style.fontSize);
      const height = style.lineHeight === 'normal' ? size * 1.2 : parseFloat(style.lineHeight);
      if (rows.length > 1 && height < size * 1.3 - 0.5) problems.push({ text, problem: `lines ${height}px apart for ${size}px type` });
    }
    for (const el of document.querySelectorAll<HTMLElement>(BODY)) {
      if (!shown(el) || !cjk.test(el.textContent ?? '')) continue;
      const style = getComputedStyle(el);
      const size = parseFloat(style.fontSize);
      const height = style.lineHeight === 'normal' ? size * 1.2 : parseFloat(style.lineHeight);
      if (lines(el).length > 1 && height < size * 1.4 - 0.5) problems.push({ text: el.textContent!.trim().slice(0, 24), problem: `body text lines ${height}px apart for ${size}px type` });
    }
    return problems;
  });
}
