import fc from 'fast-check';
import { type ZodType, z } from 'zod';

// fast-check arbitraries for the property tests of the schemas (shared/src/*.property.test.ts) and the server's
// fuzz pass over /api (server/test/fuzz). Tests only: nothing in the app imports this module.

/** One seed for every property test, so a run is repeatable; bump it to explore other cases. */
export const PROPERTY_SEED = 20_240_601;

/** Strings an attacker or a broken client sends: injections, traversal, odd unicode, number look-alikes, bulk. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\r\n',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202eevil\u202c',
  '\ufeff',
  'ｅｘａｍｐｌｅ',
  'Z̴̡̧̛̖͓̈́a̶̢̛̘͍l̸̨̞͆g̷͈̈́o̵̫͝',
  '😀👩‍👩‍👧‍👦🇺🇸',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  "' OR '1'='1",
  "1'; DROP TABLE users; --",
  '" OR ""="',
  '1 UNION SELECT password_hash FROM users',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '%00',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '99999999999999999999999',
  '0x1F',
  '1.5',
  'true',
  '[]',
  '{}',
  'x'.repeat(10_000),
  'é'.repeat(3_000),
  '😀'.repeat(2_000),
];

/** Numbers no field wants: NaN, infinities, -0, fractions, beyond safe integers, 32-bit and 64-bit edges. */
export const HOSTILE_NUMBERS: readonly number[] = [
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -0,
  -1,
  0,
  0.5,
  -2_147_483_649,
  2_147_483_648,
  4_294_967_296,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e21,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
];

export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }) },
);

export const hostileNumber = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer({ min: -2_000_000_000, max: 0 }) },
);

/** Values of the wrong kind: nulls, booleans, containers, functions, dates, symbols, bigints, prototype tricks. */
export const hostileOddity = fc.constantFrom<unknown>(
  null,
  undefined,
  true,
  false,
  [],
  [null],
  {},
  { length: 1 },
  Object.create(null),
  JSON.parse('{"__proto__": {"isAdmin": true}}'),
  { constructor: { prototype: { polluted: true } } },
  new Date(Number.NaN),
  new Date(0),
  () => 1,
  Symbol('x'),
  10n ** 30n,
  new Map([['a', 1]]),
  Promise.resolve(1),
  new Uint8Array([0xff, 0xd8]),
);

/** Anything at all, weighted towards the values that break code: what a schema may be handed. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 2, arbitrary: hostileOddity },
  { weight: 2, arbitrary: fc.anything({ maxDepth: 3, withNullPrototype: true, withBigInt: true, withDate: true }) },
);

/** A valid object with one field replaced by a hostile value, or a hostile key added. */
export function withHostileField<T extends Record<string, unknown>>(valid: fc.Arbitrary<T>, keys: readonly string[]) {
  return fc.tuple(valid, fc.constantFrom(...keys, '__proto__', 'constructor'), hostileValue).map(([v, key, bad]) => {
    const copy: Record<string, unknown> = { ...v };
    Object.defineProperty(copy, key, { value: bad, enumerable: true, writable: true, configurable: true });
    return copy;
  });
}

/**
 * What every schema owes its caller, whatever it is handed: safeParse never throws, parse throws nothing but a
 * ZodError, and a refusal carries at least one issue, each with a non-empty message a person can read.
 */
export function checkRefusesCleanly(schema: ZodType, value: unknown): z.ZodSafeParseResult<unknown> {
  const result = schema.safeParse(value);
  if (!result.success) {
    if (!(result.error instanceof z.ZodError)) throw new Error(`not a ZodError: ${String(result.error)}`);
    if (result.error.issues.length === 0) throw new Error('a refusal without an issue');
    for (const issue of result.error.issues) {
      if (typeof issue.message !== 'string' || issue.message.trim() === '') {
        throw new Error(`an issue without a message at ${issue.path.join('.')}`);
      }
    }
  }
  return result;
}

/** A valid input with any one field made hostile: accepted or refused cleanly (see checkRefusesCleanly). */
export function assertHostileFieldsRefusedCleanly<T extends Record<string, unknown>>(
  schema: ZodType,
  valid: fc.Arbitrary<T>,
  keys: readonly string[],
  numRuns = 300,
): void {
  fc.assert(
    fc.property(withHostileField(valid, keys), (input) => {
      checkRefusesCleanly(schema, input);
    }),
    runs(numRuns),
  );
}

/** The messages of a refusal, or [] when the value is accepted. */
export function messagesOf(schema: ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** Text with something in it after trimming, up to `max` characters (and never longer once trimmed). */
export function nonBlankText(max: number, unit: 'grapheme-ascii' | 'grapheme' = 'grapheme') {
  return fc.string({ unit, minLength: 1, maxLength: max }).filter((s) => s.trim().length > 0 && s.length <= max);
}

/** Wraps text in spaces and tabs that a schema is expected to trim away. */
export function padded(text: fc.Arbitrary<string>) {
  return fc
    .tuple(fc.constantFrom('', ' ', '  ', '\t'), text, fc.constantFrom('', ' ', '\n'))
    .map(([a, b, c]) => `${a}${b}${c}`);
}

/** A string of exactly `length` characters (UTF-16 units) with no blank ends, for limit tests. */
export function textOfLength(length: number) {
  return fc
    .constantFrom('a', 'Z', '9', 'é', '-')
    .map((ch) => `x${ch.repeat(Math.max(0, length - 2))}y`.slice(0, length));
}

/** An absolute http(s) URL. */
export const httpUrl = fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true });

/** A path of a file this server stores (/api/file/…). */
export const storedFilePath = fc
  .array(fc.stringMatching(/^[a-z0-9_-]{1,12}$/), { minLength: 1, maxLength: 3 })
  .chain((segments) => fc.constantFrom('.jpg', '.webp', '.png').map((ext) => `/api/file/${segments.join('/')}${ext}`));

/** A real calendar day, 'YYYY-MM-DD'. */
export const calendarDay = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** An e-mail address of the everyday shape, possibly in mixed case: name[.+_-part]@host.tld. */
export const everydayEmail = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9]{1,20}$/),
    fc.option(fc.tuple(fc.constantFrom('.', '_', '+', '-'), fc.stringMatching(/^[a-z0-9]{1,10}$/)), { nil: null }),
    fc.array(fc.stringMatching(/^[a-z0-9]{1,12}$/), { minLength: 1, maxLength: 2 }),
    fc.constantFrom('com', 'org', 'IO', 'co.uk', 'example'),
  )
  .map(([name, extra, host, tld]) => `${name}${extra ? extra.join('') : ''}@${host.join('.')}.${tld}`);

/** fast-check parameters of every property: the fixed seed and a bounded number of runs. */
export function runs(numRuns = 200): fc.Parameters<unknown> {
  return { seed: PROPERTY_SEED, numRuns };
}
