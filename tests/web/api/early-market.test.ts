import { beforeEach, describe, expect, it, vi } from 'vitest';

/** selectSupermarket answered by the test: a market for a known id, null (not found) otherwise. */
const asked: string[] = [];
vi.mock('../../../src/web/shared/api/market-api.ts', () => ({
  marketApi: {
    selectSupermarket: (id: string) => {
      asked.push(id);
      return Promise.resolve(id === 'unknown' ? null : { id, name: `${id}保险超市`, online: true, products: [] });
    },
  },
}));

const { earlyMarket } = await import('../../../src/web/shared/api/early-queries.ts');
const { MissingData } = await import('../../../src/web/shared/api/query-client.ts');

beforeEach(() => {
  asked.length = 0;
});

describe('earlyMarket: a market home\'s data before the query library, handed to its cache', () => {
  it('is one query per market, its first screen\'s data fetched once; an unknown market fails with 保险超市不存在 (not retried)', async () => {
    expect(earlyMarket('a')).toBe(earlyMarket('a'));
    const [first, second] = await Promise.all([earlyMarket('a').load(), earlyMarket('a').load()]);
    expect(first).toEqual(expect.objectContaining({ id: 'a' }));
    expect(second).toBe(first);
    expect(asked).toEqual(['a']);

    const error = await earlyMarket('unknown').load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingData);
    expect((error as Error).message).toBe('保险超市不存在');
  });

  it('goes into the query cache under the market\'s key when the query module loads, and so does one opened later', async () => {
    await earlyMarket('b').load();
    const { queryClient, queries } = await import('../../../src/web/shared/api/query-module.ts');
    expect(queryClient.getQueryData(queries.market('b').queryKey)).toEqual(expect.objectContaining({ id: 'b' }));
    expect(await queryClient.ensureQueryData(queries.market('b'))).toEqual(expect.objectContaining({ id: 'b' }));
    expect(asked).toEqual(['b']);

    // Opened after the hand-over: it reads and fills the same cache entry.
    const later = await earlyMarket('c').load();
    expect(queryClient.getQueryData(queries.market('c').queryKey)).toBe(later);
    expect(await queryClient.ensureQueryData(queries.market('c'))).toBe(later);
    expect(asked).toEqual(['b', 'c']);
  });
});
