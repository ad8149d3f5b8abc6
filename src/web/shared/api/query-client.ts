import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { ErrorCode } from '../../../contract/envelope.ts';
import { ApiError, MissingData } from './client.ts';

/**
 * How long each kind of server data stays fresh before a screen that shows it
 * fetches it again in the background (the cached value shows at once).
 * Catalogue-like data changes with a deployment, a user's policies change
 * with every payment, cancellation or notification.
 */
export const STALE = {
  /** Product manifests, the product list, markets, regions, content pages, clauses, templates. */
  catalogue: 30 * 60 * 1000,
  /** Rating statistics and lists: others rate while the visitor browses. */
  ratings: 60 * 1000,
  /** The user's policy lists, counts, order details, drafts: changed by payments and the lifecycle scheduler. */
  personal: 10 * 1000,
} as const;

/** Failed queries are tried this many more times (a phone's network drops a request now and then). */
export const QUERY_RETRIES = 2;

// Defined with ApiError in client.ts: early-queries.ts throws it before the query library is loaded.
export { MissingData };

/**
 * Whether a failed query is worth trying again: not a business refusal (4xxx:
 * not found, someone else's id, a rule), not a log-in answer (406, 401, which
 * the client already acted on), not a 4xx of the gateway. Network failures,
 * 5000 and gateway 5xx are.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof MissingData) return false;
  if (!(error instanceof ApiError)) return true;
  const { code } = error;
  if (code === ErrorCode.LoginRequired || code === ErrorCode.AccountInvalid || code === 'TIMEOUT') return false;
  if (/^4\d{3}$/.test(code)) return false;
  if (/^HTTP_4\d\d$/.test(code)) return false;
  return true;
}

/**
 * The app's query client: one per page load (tests make their own). Queries
 * are retried twice when it can help, not refetched on every window focus
 * (a phone switching apps would refetch every screen), and mutations are
 * never retried (an order or a payment must not be sent twice).
 */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: {
        staleTime: STALE.personal,
        retry: (failureCount, error) => failureCount < QUERY_RETRIES && isRetryable(error),
        refetchOnWindowFocus: false,
        ...config.defaultOptions?.queries,
      },
      mutations: { retry: false, ...config.defaultOptions?.mutations },
    },
  });
}

/** The page's query client, shared by the screens (shared/api/query-hooks.ts: no provider), route loaders and the market flow. */
export const queryClient = createQueryClient();
