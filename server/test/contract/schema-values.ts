import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { calendarDay, everydayEmail, httpUrl } from '../../../shared/src/test-arbitraries';

// Values from the JSON schemas of an OpenAPI 3.1 document, for the contract test (api-contract.integration.test.ts):
// - `validValue(schema)`: values the schema allows, biased towards the edges a server is most likely to get wrong
//   (exact lengths, bounds, whitespace, accents, the ids of rows that exist);
// - `brokenValues(schema, value)`: the same value with exactly one of the schema's constraints broken (a wrong type,
//   a missing required field, a bound or length overstepped, a pattern, format or enum missed).
// Ajv (the reference JSON Schema validator) has the last word on both: `documentAccepts` is the document's verdict.

/** The subset of JSON Schema 2020-12 the document uses. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  propertyNames?: Schema;
  minProperties?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  description?: string;
}

/** What the values are drawn towards: the ids and strings of rows that exist, so calls reach real rows. */
export interface Hints {
  ids: number[];
  strings: Record<string, string[]>;
}

const ajv = new Ajv2020({ strict: false, allErrors: false, logger: false });
addFormats.default(ajv);
ajv.addFormat('binary', true);

/** The document's verdict on a value: whether `schema` allows it. */
export function documentAccepts(schema: Schema, value: unknown): boolean {
  return ajv.validate(schema, value) as boolean;
}

/** The first reason `schema` refuses `value`, for messages. */
export function documentObjection(schema: Schema, value: unknown): string {
  if (ajv.validate(schema, value)) return '';
  const error = ajv.errors?.[0];
  return error ? `${error.instancePath || '(root)'} ${error.message ?? ''}` : 'invalid';
}

// ---- Valid values ---------------------------------------------------------------------------------------------

const INT32 = 2_147_483_647;

/** `a` with `b`'s keywords added: properties merged field by field, required lists joined. */
function merge(a: Schema, b: Schema): Schema {
  const out: Schema = { ...a, ...b };
  if (a.properties || b.properties) {
    const properties: Record<string, Schema> = { ...a.properties };
    for (const [key, schema] of Object.entries(b.properties ?? {}))
      properties[key] = properties[key] ? merge(properties[key], schema) : schema;
    out.properties = properties;
  }
  if (a.required || b.required) out.required = [...new Set([...(a.required ?? []), ...(b.required ?? [])])];
  return out;
}

const alternativesOf = new WeakMap<Schema, Schema[]>();

/**
 * The schema's alternatives with everything else folded into each (allOf merged, one branch of anyOf/oneOf). Kept
 * per schema, so Ajv compiles each alternative once.
 */
function alternatives(schema: Schema): Schema[] {
  let known = alternativesOf.get(schema);
  if (!known) {
    known = unfold(schema);
    alternativesOf.set(schema, known);
  }
  return known;
}

function unfold(schema: Schema): Schema[] {
  const { allOf, anyOf, oneOf, ...rest } = schema;
  let base: Schema[] = [rest];
  for (const part of allOf ?? []) base = base.flatMap((b) => alternatives(part).map((p) => merge(b, p)));
  const branches = anyOf ?? oneOf;
  if (!branches?.length) return base;
  return base.flatMap((b) => branches.flatMap((branch) => alternatives(branch).map((p) => merge(b, p))));
}

const typesOf = (schema: Schema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

export function validValue(schema: Schema, hints: Hints, name = ''): fc.Arbitrary<unknown> {
  const options = alternatives(schema);
  if (options.length > 1) return fc.oneof(...options.map((option) => validValue(option, hints, name)));
  const only = options[0] ?? {};
  if ('const' in only) return fc.constant(only.const);
  if (only.enum?.length) return fc.constantFrom(...only.enum);
  const types = typesOf(only);
  // No type: anything JSON (a field the server does not read).
  if (types.length === 0 && !only.properties) return fc.jsonValue({ maxDepth: 2 });
  if (types.length === 0) return objectValue(only, hints);
  return fc.oneof(...types.map((type) => valueOfType(type, only, hints, name)));
}

function valueOfType(type: string, schema: Schema, hints: Hints, name: string): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringValue(schema, hints, name);
    case 'integer':
      return integerValue(schema, hints);
    case 'number':
      return fc.oneof(integerValue(schema, hints), numberValue(schema));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items ?? {}, hints, name), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 3),
      });
    case 'object':
      return objectValue(schema, hints);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function bounds(schema: Schema): { min: number; max: number } {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -INT32);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : INT32);
  return { min: Math.ceil(min), max: Math.floor(max) };
}

function integerValue(schema: Schema, hints: Hints): fc.Arbitrary<number> {
  const { min, max } = bounds(schema);
  const known = hints.ids.filter((id) => id >= min && id <= max);
  return fc.oneof(
    { weight: 4, arbitrary: known.length ? fc.constantFrom(...known) : fc.constant(min) },
    { weight: 2, arbitrary: fc.integer({ min, max: Math.min(max, min + 20) }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
    { weight: 1, arbitrary: fc.integer({ min, max }) },
  );
}

function numberValue(schema: Schema): fc.Arbitrary<number> {
  const { min, max } = bounds(schema);
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n));
}

const instant = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  email: fc.oneof({ weight: 4, arbitrary: everydayEmail }, { weight: 1, arbitrary: fc.emailAddress() }),
  date: calendarDay,
  'date-time': instant,
  uri: httpUrl,
};

/** Text of a given length in characters (code points), from letters a person types, accents included. */
const textOfLength = (length: number) =>
  fc
    .array(fc.constantFrom('a', 'Z', '7', 'é', 'ß', ' ', '-', "'", 'ü'), { minLength: length, maxLength: length })
    .map((chars) => chars.join(''));

function stringValue(schema: Schema, hints: Hints, name: string): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  const fits = (s: string) => [...s].length >= min && [...s].length <= max;
  const known = (hints.strings[name] ?? []).filter(fits);
  let base: fc.Arbitrary<string>;
  const format = schema.format ? FORMATS[schema.format] : undefined;
  const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : null;
  if (max === 0) base = fc.constant('');
  else if (format) base = format.filter((s) => fits(s) && (!pattern || pattern.test(s)));
  else if (pattern) base = fc.stringMatching(pattern).filter(fits);
  else {
    const upTo = Math.min(max, min + 30);
    base = fc.oneof(
      { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: upTo }) },
      // The edges: exactly the shortest and the longest, padded with spaces, or spaces only.
      { weight: 1, arbitrary: fc.constantFrom(min, max).chain(textOfLength) },
      {
        weight: 1,
        arbitrary: fc
          .string({
            unit: 'grapheme-ascii',
            minLength: Math.max(1, min),
            maxLength: Math.max(1, min, Math.min(upTo, 10)),
          })
          .map((s) => ` ${s} `)
          .filter(fits),
      },
      { weight: 1, arbitrary: fc.constant(' '.repeat(Math.max(min, 1))).filter(fits) },
    );
  }
  return known.length
    ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...known) }, { weight: 3, arbitrary: base })
    : base;
}

function objectValue(schema: Schema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  const required = (schema.required ?? []).filter((key) => keys.includes(key));
  const record = keys.length
    ? fc.record(Object.fromEntries(keys.map((key) => [key, validValue(properties[key] ?? {}, hints, key)])), {
        requiredKeys: required,
      })
    : fc.constant({});
  const more =
    schema.additionalProperties && typeof schema.additionalProperties === 'object'
      ? fc.dictionary(fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,15}$/), validValue(schema.additionalProperties, hints), {
          maxKeys: 3,
        })
      : fc.constant({});
  const withMore = fc.tuple(record, more).map(([fields, extra]) => ({ ...extra, ...fields }));
  if (!schema.minProperties) return withMore;
  return withMore.filter((value) => Object.keys(value).length >= (schema.minProperties ?? 0));
}

// ---- One constraint broken ------------------------------------------------------------------------------------

/** A value with one constraint broken: where (a field path) and which constraint. */
export interface Broken {
  value: unknown;
  where: string;
  what: string;
}

const typeName = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Values of another JSON type than `value`'s, none of which `schema` allows. */
function wrongTypes(schema: Schema, value: unknown): unknown[] {
  const candidates: unknown[] = ['text', 42, 1.5, true, null, [], {}];
  return candidates.filter((c) => typeName(c) !== typeName(value) && !documentAccepts(schema, c));
}

const one = (where: string, what: string, values: unknown[]): Broken[] =>
  values.map((value) => ({ value, where, what }));

/** Ways to break exactly one of `schema`'s constraints on `value` (which it allows). */
function breaks(schema: Schema, value: unknown, where: string): Broken[] {
  const out = one(where, 'type', wrongTypes(schema, value));
  // The alternative the value was drawn from, with allOf folded in: its constraints are the ones to break.
  const branch = alternatives(schema).find((option) => documentAccepts(option, value)) ?? schema;
  if ('const' in branch || branch.enum) return [...out, ...one(where, 'enum', ['not-one-of-these', 'x', ''])];
  if (typeof value === 'string') out.push(...stringBreaks(branch, value, where));
  if (typeof value === 'number') out.push(...numberBreaks(branch, value, where));
  if (Array.isArray(value)) out.push(...arrayBreaks(branch, value, where));
  if (value && typeof value === 'object' && !Array.isArray(value))
    out.push(...objectBreaks(branch, value as Record<string, unknown>, where));
  return out;
}

const BAD_FORMATS: Record<string, string[]> = {
  email: ['ada.example.com', 'ada@', '@example.com', 'ada @example.com', 'ada@@example.com'],
  date: ['2025-13-01', '2025-02-30', '20250101', '2025-1-5', 'tomorrow'],
  'date-time': ['2025-01-01', '2025-01-01 10:00', 'yesterday', '2025-01-01T25:00:00Z'],
  uri: ['not a url', 'example.com', '//', 'http//x'],
};

function stringBreaks(schema: Schema, value: string, where: string): Broken[] {
  const out: Broken[] = [];
  if (schema.minLength && schema.minLength > 0)
    out.push(...one(where, 'minLength', [[...value].slice(0, schema.minLength - 1).join('')]));
  // Longer by letters, not spaces: a server may trim the edges before it counts.
  const trimmed = value.trim();
  if (schema.maxLength !== undefined)
    out.push(...one(where, 'maxLength', [trimmed + 'x'.repeat(schema.maxLength + 1 - [...trimmed].length)]));
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    // Not by spaces at the edges: the server trims text before it checks it.
    const misses = ['', 'x', '!', '0', '--', `${value}!`, `!${value}`, 'a'.repeat(101)];
    out.push(
      ...one(
        where,
        'pattern',
        misses.filter((s) => !pattern.test(s)),
      ),
    );
  }
  if (schema.format) out.push(...one(where, 'format', BAD_FORMATS[schema.format] ?? []));
  return out;
}

function numberBreaks(schema: Schema, value: number, where: string): Broken[] {
  const out: Broken[] = [];
  if (typesOf(schema).includes('integer') && !typesOf(schema).includes('number'))
    out.push(...one(where, 'integer', [value + 0.5]));
  if (schema.minimum !== undefined) out.push(...one(where, 'minimum', [schema.minimum - 1]));
  if (schema.exclusiveMinimum !== undefined) out.push(...one(where, 'exclusiveMinimum', [schema.exclusiveMinimum]));
  if (schema.maximum !== undefined) out.push(...one(where, 'maximum', [schema.maximum + 1]));
  if (schema.exclusiveMaximum !== undefined) out.push(...one(where, 'exclusiveMaximum', [schema.exclusiveMaximum]));
  return out;
}

function arrayBreaks(schema: Schema, value: unknown[], where: string): Broken[] {
  const out: Broken[] = [];
  if (schema.minItems && schema.minItems > 0)
    out.push(...one(where, 'minItems', [value.slice(0, schema.minItems - 1)]));
  if (schema.maxItems !== undefined && value.length > 0) {
    const longer = Array.from({ length: schema.maxItems + 1 }, (_, i) => value[i % value.length]);
    out.push(...one(where, 'maxItems', [longer]));
  }
  value.forEach((item, i) => {
    for (const inner of breaks(schema.items ?? {}, item, `${where}[${i}]`))
      out.push({ ...inner, value: value.map((old, j) => (j === i ? inner.value : old)) });
  });
  return out;
}

function objectBreaks(schema: Schema, value: Record<string, unknown>, where: string): Broken[] {
  const out: Broken[] = [];
  const at = (key: string) => (where ? `${where}.${key}` : key);
  for (const key of schema.required ?? []) {
    if (!(key in value)) continue;
    const { [key]: _, ...rest } = value;
    out.push(...one(at(key), 'required', [rest]));
  }
  if (schema.additionalProperties === false)
    out.push(...one(at('unexpectedField'), 'additionalProperties', [{ ...value, unexpectedField: 1 }]));
  if (schema.minProperties) out.push(...one(where, 'minProperties', [{}]));
  const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  for (const [key, child] of Object.entries(value)) {
    const property = schema.properties?.[key] ?? extra;
    if (!property) continue;
    for (const inner of breaks(property, child, at(key)))
      out.push({ ...inner, value: { ...value, [key]: inner.value } });
  }
  return out;
}

/**
 * Every way to break exactly one of `schema`'s constraints on `value` (which it allows) that the document refuses:
 * empty when the schema constrains nothing that can be broken.
 */
export function brokenValues(schema: Schema, value: unknown): Broken[] {
  return breaks(schema, value, '').filter((broken) => !documentAccepts(schema, broken.value));
}
