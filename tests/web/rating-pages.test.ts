import { describe, expect, it } from 'vitest';
import type { RatingRecord } from '../../src/contract/ratings.ts';
import { addPage, EMPTY_PAGES } from '../../src/web/features/ratings/screens/estimate-list/rating-pages.ts';

const records = (from: number, n: number): RatingRecord[] =>
  Array.from({ length: n }, (_, i) => ({ id: from + i, createTime: '2026-11-01 10:00', loginAccount: '138****0000', commentStatistics: [], tags: [], text: '' }));

describe('rating list paging (spec §4)', () => {
  it('is finished only when a page returns fewer items than the page size', () => {
    const first = addPage(EMPTY_PAGES, 1, records(1, 15), 15);
    expect(first).toMatchObject({ page: 1, finished: false });
    const second = addPage(first, 2, records(16, 15), 15);
    expect(second.list).toHaveLength(30);
    expect(second.finished).toBe(false);
    const third = addPage(second, 3, records(31, 4), 15);
    expect(third).toMatchObject({ page: 3, finished: true });
    expect(third.list.map((r) => r.id)).toEqual(Array.from({ length: 34 }, (_, i) => i + 1));
    expect(addPage(third, 4, [], 15).finished).toBe(true);
  });

  it('refresh reloads from page 1, dropping what was loaded', () => {
    const loaded = addPage(addPage(EMPTY_PAGES, 1, records(1, 15), 15), 2, records(16, 15), 15);
    const refreshed = addPage(loaded, 1, records(100, 3), 15);
    expect(refreshed).toEqual({ list: records(100, 3), page: 1, finished: true });
  });

  it('does not show a rating twice when a new one pushed the list down between pages', () => {
    const first = addPage(EMPTY_PAGES, 1, records(1, 15), 15);
    const second = addPage(first, 2, records(15, 15), 15);
    expect(second.list.map((r) => r.id)).toEqual(Array.from({ length: 29 }, (_, i) => i + 1));
  });
});
