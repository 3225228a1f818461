import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZodError, ZodObject, ZodType } from 'zod';
import * as shared from './index';
import { checkRefusesCleanly, hostileValue, runs } from './test-arbitraries';

// Every schema the package exports, handed anything at all, whole or field by field: it returns a parsed
// value or a ZodError whose issues all carry a message, and never throws anything else (which the server would
// turn into a 500 instead of a 400 naming the field).

const SCHEMAS = Object.entries(shared as Record<string, unknown>).filter(
  (entry): entry is [string, ZodType] => entry[1] instanceof ZodType,
);

/** The object inside a schema (through refine, transform, pipe, optional, default), if there is one. */
function objectInside(schema: ZodType, depth = 0): ZodObject | null {
  if (schema instanceof ZodObject) return schema;
  if (depth > 5) return null;
  const def = schema.def as unknown as Record<string, unknown>;
  for (const key of ['in', 'innerType', 'schema']) {
    const inner = def[key];
    if (inner instanceof ZodType) {
      const found = objectInside(inner, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

const OBJECT_SCHEMAS = SCHEMAS.flatMap(([name, schema]) => {
  const object = objectInside(schema);
  return object ? [[name, schema, Object.keys(object.shape)] as const] : [];
});

function expectOnlyZodErrors(schema: ZodType, value: unknown): void {
  checkRefusesCleanly(schema, value);
  try {
    schema.parse(value);
  } catch (error) {
    expect(error).toBeInstanceOf(ZodError);
  }
}

describe('every exported schema', () => {
  it('is found (the lists are not empty by accident)', () => {
    expect(SCHEMAS.length).toBeGreaterThan(60);
    expect(OBJECT_SCHEMAS.map(([name]) => name)).toEqual(
      expect.arrayContaining(['carCreateInputSchema', 'registerInputSchema', 'productFormSchema', 'eventFormSchema']),
    );
  });

  it.each(SCHEMAS)('%s: a hostile value gives a parsed value or a ZodError with messages', (_, schema) => {
    fc.assert(
      fc.property(hostileValue, (value) => expectOnlyZodErrors(schema, value)),
      runs(150),
    );
  });

  it.each(OBJECT_SCHEMAS)('%s: hostile values in its fields give the same', (_, schema, keys) => {
    const fields = fc.record(Object.fromEntries(keys.map((key) => [key, hostileValue])), { requiredKeys: [] });
    fc.assert(
      fc.property(fields, (value) => expectOnlyZodErrors(schema, value)),
      runs(150),
    );
  });
});
