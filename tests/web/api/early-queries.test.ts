import { describe, expect, it } from 'vitest';
import { EarlyQuery } from '../../../src/web/shared/api/early-queries.ts';
import { createQueryClient } from '../../../src/web/shared/api/query-client.ts';

/** An early query whose requests the test answers one by one. */
function early() {
  const requests: { resolve: (list: string[]) => void; reject: (error: Error) => void }[] = [];
  const query = new EarlyQuery(['things'] as const, () => new Promise<string[]>((resolve, reject) => requests.push({ resolve, reject })));
  const options = { queryKey: query.queryKey, queryFn: query.queryFn, staleTime: Infinity, retryDelay: 0 };
  return { query, requests, options };
}

describe('EarlyQuery: data fetched before the query library, handed to its cache', () => {
  it('joins one request, and hands the data over under the same key: the query cache does not fetch it again', async () => {
    const { query, requests, options } = early();
    const first = query.load();
    const second = query.load();
    expect(requests).toHaveLength(1);
    requests[0]!.resolve(['a']);
    expect(await first).toEqual(['a']);
    expect(await second).toEqual(['a']);
    expect(query.getSnapshot()).toEqual({ data: ['a'], error: null, pending: false });

    const client = createQueryClient();
    query.handOver(client, options);
    expect(client.getQueryData(['things'])).toEqual(['a']);
    expect(await client.ensureQueryData(options)).toEqual(['a']);
    expect(requests).toHaveLength(1);
    // From now on the early query follows the cache entry.
    client.setQueryData(['things'], ['b']);
    expect(query.getSnapshot().data).toEqual(['b']);
    expect(await query.load()).toEqual(['b']);
  });

  it('hands a request in flight over: a screen reading the cache meanwhile waits for it instead of asking again', async () => {
    const { query, requests, options } = early();
    const home = query.load();
    const client = createQueryClient();
    query.handOver(client, options);
    const screen = client.fetchQuery(options);
    expect(query.getSnapshot().pending).toBe(true);
    requests[0]!.resolve(['a']);
    expect(await screen).toEqual(['a']);
    expect(await home).toEqual(['a']);
    expect(requests).toHaveLength(1);
    expect(query.getSnapshot()).toEqual({ data: ['a'], error: null, pending: false });
  });

  it('a failed early request is fetched again by the query client (its retries), and 重试 after a failure fetches anew', async () => {
    const { query, requests, options } = early();
    const home = query.load();
    const client = createQueryClient();
    query.handOver(client, options);
    const screen = client.fetchQuery(options);
    requests[0]!.reject(new Error('网络异常'));
    await expect.poll(() => requests.length).toBe(2);
    requests[1]!.resolve(['a']);
    expect(await screen).toEqual(['a']);
    expect(await home).toEqual(['a']);
    expect(requests).toHaveLength(2);

    // Forgotten and failing for good: the error shows once the retries are over; 重试 fetches again.
    client.removeQueries({ queryKey: ['things'] });
    const failing = client.fetchQuery({ ...options, retry: false }).catch(() => undefined);
    requests[2]!.reject(new Error('网络异常'));
    await failing;
    await expect.poll(() => query.getSnapshot().error).toBeInstanceOf(Error);
    query.retry();
    await expect.poll(() => requests.length).toBe(4);
    expect(query.getSnapshot()).toEqual({ data: undefined, error: null, pending: true });
  });
});
