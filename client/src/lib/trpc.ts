import type { AppRouter } from '@curbside/server/router';
import { SITE_MODE_ERROR_CODES } from '@curbside/shared';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpLink, type TRPCClient } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { dispatchAuthRequired } from './auth-events';
import { trpcErrorCode } from './errors';
import { procedurePath } from './query-keys';

export type { AppRouter };

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

type FetchLike = NonNullable<Parameters<typeof httpLink>[0]['fetch']>;

/** The typed client. Same origin, so the session cookie goes with every call; tests pass their own fetch. */
export function createTrpcClient(options: { url?: string; fetch?: FetchLike } = {}): TRPCClient<AppRouter> {
  const url = options.url ?? '/trpc';
  const send: FetchLike = options.fetch ?? ((input, init) => fetch(input, { ...init, credentials: 'same-origin' }));
  // One call per request: a query many visitors read alike is then answered from the server's read cache by its own
  // route (GET /trpc/<query>), which a batch of several calls would miss; the server refuses batches of changes.
  return createTRPCClient<AppRouter>({ links: [httpLink({ url, fetch: send })] });
}

/** The current-user query reads 401 as "signed out"; every other 401 means the session is gone. */
const QUIET_UNAUTHORIZED = new Set(['accounts.me']);

/** The codes of the 503 a visitor's call gets once the site went into maintenance or coming-soon mode. */
const SITE_MODE_CODES = new Set<string>(Object.values(SITE_MODE_ERROR_CODES));

function handleError(error: unknown, key: readonly unknown[] | undefined, queryClient: QueryClient): void {
  const code = trpcErrorCode(error);
  if (code && SITE_MODE_CODES.has(code)) {
    // The site went into a mode since its settings were read: read them again, so the shell shows the mode's page.
    void queryClient.invalidateQueries({ predicate: (query) => procedurePath(query.queryKey) === 'settings.get' });
    return;
  }
  if (code !== 'UNAUTHORIZED') return;
  const path = procedurePath(key);
  if (QUIET_UNAUTHORIZED.has(path)) return;
  // The session ended under us: forget the cached user so the shell shows the signed-out variant, then redirect.
  queryClient.setQueriesData({ predicate: (query) => procedurePath(query.queryKey) === 'accounts.me' }, null);
  dispatchAuthRequired();
}

/**
 * Cache rules of spec part 1 §9: no refetch interval, no refetch on window focus, data never goes stale, no retries.
 * Any UNAUTHORIZED response (other than accounts.me) fires the auth-redirect event.
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => handleError(error, query.queryKey, queryClient),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => handleError(error, mutation.options.mutationKey, queryClient),
    }),
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
