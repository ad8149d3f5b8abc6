import { useCallback } from 'react';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { useAppQuery, useAppQueryClient } from '../api/query-hooks.ts';
import { errorMessage } from './error-message.ts';
import type { Loaded } from './use-load.ts';

export { errorMessage };

/**
 * 重试 of an error state: forgets the failed query and fetches it again, so
 * the screen shows its loading state while it does (as it did on its first
 * visit) rather than keeping the error on screen.
 */
export function useRetryQuery(queryKey: QueryKey): () => void {
  const client = useAppQueryClient();
  const key = JSON.stringify(queryKey);
  return useCallback(() => void client.resetQueries({ queryKey: JSON.parse(key) as QueryKey, exact: true }), [client, key]);
}

/**
 * A query in the shape the market screens render (loading, error with its
 * message, ready with data) and the 重试 of their error state.
 */
export function useLoadedQuery<TQueryFnData, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, Error, TData, TQueryKey>,
): [Loaded<TData>, () => void] {
  const query = useAppQuery(options);
  const retry = useRetryQuery(options.queryKey);
  const state: Loaded<TData> =
    query.data !== undefined
      ? { status: 'ready', data: query.data }
      : query.isError
        ? { status: 'error', message: errorMessage(query.error) }
        : { status: 'loading' };
  return [state, retry];
}
