import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Pull to refresh of a paged list: keeps only the first page and fetches it
 * again (the later pages come back as the visitor scrolls), instead of
 * refetching every page loaded so far. The list stays on screen meanwhile.
 */
export async function refreshFirstPage(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  queryClient.setQueryData<InfiniteData<unknown, unknown>>(queryKey, (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  await queryClient.refetchQueries({ queryKey, exact: true });
}
