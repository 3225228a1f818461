// One domain error type. Services throw it; the tRPC formatter and the REST adapter map its code to a status.
// Services know nothing about HTTP: the mapping lives in http-errors.ts.

export type DomainErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE'
  /** 503 while the site is in maintenance or coming-soon mode (shared SITE_MODE_ERROR_CODES). */
  | 'MAINTENANCE_MODE'
  | 'COMING_SOON_MODE';

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** Extra machine-readable facts for the response, e.g. { retryAfterSeconds }. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new DomainError('NOT_FOUND', message);
export const forbidden = (message = 'You do not have permission to do that.') => new DomainError('FORBIDDEN', message);
export const conflict = (message: string) => new DomainError('CONFLICT', message);
export const badRequest = (message: string) => new DomainError('BAD_REQUEST', message);
export const unauthorized = (message = 'Authentication required') => new DomainError('UNAUTHORIZED', message);
