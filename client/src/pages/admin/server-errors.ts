import { TRPCClientError } from '@trpc/client';
import { trpcErrorCode } from '../../lib/errors';

/**
 * The field errors of a refused form: the server's zod issues ({ path, message }) for the fields the form has, and a
 * conflict naming one of them (e.g. a SKU already in use) on that field. Anything else stays in the toast.
 */
export function serverFieldErrors(error: unknown, fields: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(error instanceof TRPCClientError)) return errors;
  const data: unknown = error.data;
  const issues = data && typeof data === 'object' && 'issues' in data && Array.isArray(data.issues) ? data.issues : [];
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    if (typeof issue.path === 'string' && typeof issue.message === 'string' && fields.includes(issue.path)) {
      errors[issue.path] ??= issue.message;
    }
  }
  if (trpcErrorCode(error) === 'CONFLICT') {
    const field = fields.find((name) => new RegExp(`\\b${name}\\b`, 'i').test(error.message));
    if (field) errors[field] = error.message;
  }
  return errors;
}
