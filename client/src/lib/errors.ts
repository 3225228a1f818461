import { TRPCClientError } from '@trpc/client';

/** The tRPC error code ('UNAUTHORIZED', 'NOT_FOUND', …) of an error from a procedure call, if it is one. */
export function trpcErrorCode(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  if (data && typeof data === 'object' && 'code' in data && typeof data.code === 'string') return data.code;
  return undefined;
}

/**
 * The human message the server gave, or the fallback. Transport failures (no response, HTML error pages) have
 * messages meant for developers, so they get the fallback too.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && trpcErrorCode(error) && error.message) return error.message;
  return fallback;
}
