/**
 * Pull to refresh of a paged list (shared/ui/infinite-list.ts) on the rating
 * pages of the query factories: only page 1 is fetched again and the later
 * pages are dropped (spec §4), not every page loaded so far.
 */
import { InfiniteQueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GW } from '../../../src/contract/define-call.ts';
import { ratingCalls } from '../../../src/contract/ratings.ts';
import { queries } from '../../../src/web/shared/api/queries.ts';
import { createQueryClient } from '../../../src/web/shared/api/query-client.ts';
import { refreshFirstPage } from '../../../src/web/shared/ui/infinite-list.ts';

afterEach(() => vi.unstubAllGlobals());

function rating(id: number) {
  return { id, createTime: '2026-11-01 10:00:00', loginAccount: '138****0000', commentStatistics: [{ commentNode: '00', score: 5 }], tags: [], text: `评价${id}` };
}

describe('refreshFirstPage', () => {
  it('fetches page 1 again and keeps only it', async () => {
    const pns: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname.slice(GW.length);
        expect(path).toBe(ratingCalls.list.path);
        const { pn } = JSON.parse(String(init?.body)) as { pn: number };
        pns.push(pn);
        const list = Array.from({ length: 15 }, (_, i) => rating(pn * 100 + i));
        return new Response(JSON.stringify({ code: '0000', msg: '', data: { list, total: 100 } }), { headers: { 'content-type': 'application/json' } });
      }),
    );
    const client = createQueryClient();
    const options = queries.ratingPages('P1', '00');
    // An observer, as the mounted list is: refetchQueries only refetches observed (active) queries.
    const observer = new InfiniteQueryObserver(client, options);
    const unsubscribe = observer.subscribe(() => undefined);
    try {
      await vi.waitFor(() => expect(observer.getCurrentResult().data?.pages).toHaveLength(1));
      await observer.fetchNextPage();
      await observer.fetchNextPage();
      expect(pns).toEqual([1, 2, 3]);
      await refreshFirstPage(client, options.queryKey);
      expect(pns).toEqual([1, 2, 3, 1]);
      expect(client.getQueryData(options.queryKey)?.pages).toHaveLength(1);
      expect(client.getQueryData(options.queryKey)?.pageParams).toEqual([1]);
    } finally {
      unsubscribe();
      client.clear();
    }
  });
});
