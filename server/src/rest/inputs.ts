import { ID_DOCUMENTED, idSchema } from '@curbside/shared';
import { z } from 'zod';

// Inputs that arrive as text over REST (path and query values) and as JSON over /trpc.

/**
 * The REST adapter hands query and path values over as strings; /trpc sends JSON numbers. fromQuery() reads a
 * numeric string as its number and leaves everything else alone, so one schema (with its messages and default)
 * serves both. A preprocess is a pipe, which the OpenAPI generator accepts as a query or path parameter.
 */
export function fromQuery<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value),
    schema,
  );
}

/**
 * An id from a REST path (its digits, as text) or from tRPC (a number). Only numeric text is read as a number: a
 * boolean or other JSON is refused as the document says, never coerced (true is no id 1).
 */
export const pathIdSchema = fromQuery(idSchema).meta(ID_DOCUMENTED);

/** The query parameters of a list paged by cursor (rest/next-page.ts), with what the OpenAPI document says of them. */
export function pageParams<O extends z.ZodType, C extends z.ZodType>(shape: { offset: O; cursor: C }) {
  return {
    offset: fromQuery(shape.offset).meta({
      description: 'Rows to skip, at most 10000 (kept for older callers); send `cursor` to read further',
    }),
    cursor: shape.cursor.meta({
      description: 'Where the page starts: the X-Next-Cursor header of the previous page (not with `offset`)',
    }),
  };
}
