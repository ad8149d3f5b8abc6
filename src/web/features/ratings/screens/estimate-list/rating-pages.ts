import type { RatingRecord } from '../../../../../contract/ratings.ts';

/**
 * The paged rating list of spec §4: pages start at 1; the list is finished
 * when a page returns fewer items than the page size; refreshing reloads
 * from page 1. Pure, so the rule is tested without a screen.
 */
export interface RatingPages {
  list: RatingRecord[];
  /** Last page loaded (0 before the first). */
  page: number;
  finished: boolean;
}

export const EMPTY_PAGES: RatingPages = { list: [], page: 0, finished: false };

/** The state after page `page` arrived with `items`; page 1 replaces what was there (refresh). */
export function addPage(state: RatingPages, page: number, items: readonly RatingRecord[], pageSize: number): RatingPages {
  const base = page === 1 ? [] : state.list;
  // A record already shown (a new rating pushed the list down between two pages) is not shown twice.
  const seen = new Set(base.map((r) => r.id));
  const list = [...base, ...items.filter((r) => !seen.has(r.id))];
  return { list, page, finished: items.length < pageSize };
}
