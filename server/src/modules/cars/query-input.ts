import { z } from 'zod';

// The REST adapter hands query and path values over as strings; /trpc sends JSON numbers. fromQuery() reads a
// numeric string as its number and leaves everything else alone, so one schema (with its messages and default)
// serves both. A preprocess is a pipe, which the OpenAPI generator accepts as a query or path parameter.
export function fromQuery<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value),
    schema,
  );
}
