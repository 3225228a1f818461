import { DomainError } from '../../errors';

/**
 * The 429 of a throttle: "<what> Please try again in N minutes." with Retry-After, counted from the moment the
 * oldest request that still counts leaves the window.
 */
export function tryAgainLater(what: string, retryAtMs: number, nowMs: number): DomainError {
  const retryAfterSeconds = Math.max(1, Math.ceil((retryAtMs - nowMs) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new DomainError(
    'TOO_MANY_REQUESTS',
    `${what} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retryAfterSeconds },
  );
}
