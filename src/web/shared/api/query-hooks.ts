/**
 * TanStack Query's hooks bound to the page's one client (`queryClient`), so
 * that no provider has to be mounted by the entry: the entry and home do not
 * download the query library (docs/performance.md). Screens use
 * these instead of `useQuery` & co.; the render tests' `QueryClientProvider`
 * wraps the same client.
 */
import {
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  type DefaultError,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  type UseInfiniteQueryOptions,
  type UseInfiniteQueryResult,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { queryClient } from './query-client.ts';

export function useAppQuery<TQueryFnData = unknown, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): UseQueryResult<TData, TError> {
  return useQuery(options, queryClient);
}

export function useAppInfiniteQuery<
  TQueryFnData,
  TError = DefaultError,
  TData = InfiniteData<TQueryFnData>,
  TQueryKey extends QueryKey = QueryKey,
  TPageParam = unknown,
>(options: UseInfiniteQueryOptions<TQueryFnData, TError, TData, TQueryKey, TPageParam>): UseInfiniteQueryResult<TData, TError> {
  return useInfiniteQuery(options, queryClient);
}

export function useAppMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  return useMutation(options, queryClient);
}

/** `useQueries` with the page's client. */
export const useAppQueries: typeof useQueries = (options) => useQueries(options, queryClient);

/** The page's query client (what `useQueryClient` returned under the provider). */
export function useAppQueryClient(): QueryClient {
  return queryClient;
}
