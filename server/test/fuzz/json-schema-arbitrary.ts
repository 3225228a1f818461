import { US_STATE_CODES } from '@curbside/shared';
import fc from 'fast-check';
import {
  calendarDay,
  everydayEmail,
  HOSTILE_NUMBERS,
  hostileString,
  httpUrl,
  storedFilePath,
} from '../../../shared/src/test-arbitraries';

// Values for a JSON schema of the OpenAPI document (the subset trpc-to-openapi writes: type, enum, const, anyOf,
// min/max lengths and bounds, pattern, properties/required, additionalProperties). Mostly values the schema allows,
// so requests get past validation and reach the services; at every level, sometimes a hostile value instead.

export interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

/** Ids of the rows the fuzz pass set up: small integers are biased towards them so calls reach real rows. */
export interface Hints {
  ids: number[];
}

/** JSON values no field wants: wrong kinds, hostile text and numbers, bulk and depth. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS.filter(Number.isFinite)) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], [1, 2], { '': 1 }) },
  {
    weight: 1,
    arbitrary: fc.constant(JSON.parse('{"__proto__": {"role": "admin"}, "constructor": {"prototype": 1}}')),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      Array.from({ length: 5000 }, (_, i) => i),
      nested(200),
    ),
  },
);

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

const STRING_LIKE_PARAMS = ['true', 'false', '1', '0', 'yes', 'no', 'on', ''];

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

function integerIn(schema: JsonSchema, hints: Hints): fc.Arbitrary<number> {
  const min = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1_000_000);
  const max = schema.maximum ?? 1_000_000_000;
  const near = hints.ids.filter((id) => id >= min && id <= max);
  return fc.oneof(
    { weight: 3, arbitrary: near.length ? fc.constantFrom(...near) : fc.constant(min) },
    { weight: 2, arbitrary: fc.integer({ min, max: Math.min(max, min + 10) }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
    { weight: 1, arbitrary: fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 53 - 1) }) },
  );
}

function stringIn(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 300;
  const exactly = (length: number, ch: string) => `${'x'}${ch.repeat(Math.max(0, length - 2))}${'y'}`.slice(0, length);
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.string({ unit: 'grapheme', minLength: Math.max(min, 1), maxLength: Math.min(max, 40) }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('a', 'é', '😀', '\u0000', "'").map((ch) => exactly(Math.max(min, max), ch)),
    },
    { weight: 1, arbitrary: fc.constantFrom('x', 'é').map((ch) => exactly(Math.max(min, 1), ch)) },
  );
}

/**
 * A value for `schema`: usually one it allows, sometimes a hostile one (at this level and every level below).
 * `name` is the property's name: the document gives no formats, so an e-mail, a date or a URL is known by its name.
 */
export function valueFor(schema: JsonSchema | undefined, hints: Hints, name = '', depth = 0): fc.Arbitrary<unknown> {
  const allowed = allowedValue(schema ?? {}, hints, depth);
  const named = NAMED[name];
  return fc.oneof(
    {
      weight: 10,
      arbitrary: named ? fc.oneof({ weight: 3, arbitrary: named }, { weight: 1, arbitrary: allowed }) : allowed,
    },
    { weight: depth === 0 ? 2 : 1, arbitrary: hostileJson },
  );
}

const instant = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

/** Values of the fields whose format the document leaves out, by name. */
const NAMED: Record<string, fc.Arbitrary<unknown>> = {
  email: everydayEmail,
  eventDate: instant,
  startDate: calendarDay,
  endDate: calendarDay,
  launchDate: fc.oneof(calendarDay, fc.constant('')),
  imageUrl: fc.oneof(httpUrl, storedFilePath),
  linkUrl: httpUrl,
  fbEventUrl: httpUrl,
  state: fc.constantFrom(...US_STATE_CODES),
  postalCode: fc.stringMatching(/^\d{5}(-\d{4})?$/),
  year: fc.integer({ min: 1900, max: 2030 }),
  token: fc.base64String({ minLength: 20, maxLength: 60 }),
};

function allowedValue(schema: JsonSchema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => allowedValue(s, hints, depth)));
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const types = typesOf(schema);
  if (types.length === 0)
    return fc.oneof(fc.constantFrom<unknown>(...STRING_LIKE_PARAMS), fc.jsonValue({ maxDepth: 2 }));
  return fc.oneof(...types.map((type) => valueOfType(type, schema, hints, depth)));
}

function valueOfType(type: string, schema: JsonSchema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringIn(schema);
    case 'integer':
      return integerIn(schema, hints);
    case 'number':
      return fc.oneof(integerIn(schema, hints), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueFor(schema.items, hints, '', depth + 1), { maxLength: 3 });
    case 'object':
      return objectFor(schema, hints, depth);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function objectFor(schema: JsonSchema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  const extra =
    schema.additionalProperties && typeof schema.additionalProperties === 'object'
      ? fc.dictionary(
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 50 }),
          valueFor(schema.additionalProperties, hints, '', depth + 1),
          { maxKeys: 4 },
        )
      : fc.constant({});
  if (depth > 3 || keys.length === 0) return extra;
  const required = schema.required ?? [];
  const record = fc.record(
    Object.fromEntries(keys.map((key) => [key, valueFor(properties[key], hints, key, depth + 1)])),
    {
      requiredKeys: keys.filter((k) => required.includes(k)),
    },
  );
  // Now and then a required field goes missing, or the client adds fields of its own (role, id, price…).
  return fc
    .tuple(record, extra, rarely(fc.constantFrom(...keys)), rarely(forgedFields))
    .map(([object, more, drop, forged]) => {
      const out: Record<string, unknown> = { ...more, ...object, ...(forged ?? {}) };
      if (drop) delete out[drop];
      return out;
    });
}

/** The value one time in six, null otherwise. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });

/** Fields a client has no business sending, which must be ignored or refused. */
const forgedFields = fc.constantFrom<Record<string, unknown>>(
  { role: 'admin' },
  { id: 1, ownerId: 1, userId: 1 },
  { price: 1, total: 0, amount: 0 },
  { isAdmin: true, featured: true },
  { passwordHash: 'x', sessionGeneration: 0 },
);
