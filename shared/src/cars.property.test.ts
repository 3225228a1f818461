import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  additionalSpecsInputSchema,
  CAR_YEAR_MIN,
  carCreateInputSchema,
  carListQuerySchema,
  carSearchQuerySchema,
  carUpdateInputSchema,
  carYearSchema,
  imageUploadFieldsSchema,
  latestCarYear,
} from './cars';
import { idSchema, MAX_ID } from './common';
import { CAR_CATEGORIES } from './constants';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import {
  assertHostileFieldsRefusedCleanly,
  checkRefusesCleanly,
  HOSTILE_STRINGS,
  messagesOf,
  nonBlankText,
  padded,
  runs,
} from './test-arbitraries';

// The car form's rules (part 2 §5) and the chosen limits (LIMITS), over generated cars.

const V = MESSAGES.validation;

const specValue = fc.oneof(
  nonBlankText(LIMITS.specValueMax),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
);
const specKey = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 _-]{0,38}[A-Za-z0-9]$/);
const specs = fc.dictionary(specKey, specValue, { maxKeys: LIMITS.specEntriesMax });

const VALID_CAR = { make: 'Mazda', model: 'RX-7', year: 1993, ownerName: 'Ana', category: 'JDM', legalAgreement: true };

const car = fc.record(
  {
    make: padded(nonBlankText(LIMITS.makeMax)),
    model: padded(nonBlankText(LIMITS.modelMax)),
    year: fc.oneof(
      fc.integer({ min: CAR_YEAR_MIN, max: latestCarYear() }),
      fc.integer({ min: CAR_YEAR_MIN, max: latestCarYear() }).map((y) => ` ${y} `),
    ),
    ownerName: nonBlankText(LIMITS.nameMax),
    category: fc.constantFrom(...CAR_CATEGORIES),
    specs: fc.option(nonBlankText(LIMITS.specsMax), { nil: null }),
    story: fc.option(nonBlankText(LIMITS.storyMax, 'grapheme-ascii'), { nil: null }),
    additionalSpecs: specs,
    legalAgreement: fc.constant(true as const),
  },
  { requiredKeys: ['make', 'model', 'year', 'ownerName', 'category', 'legalAgreement'] },
);

describe('carCreateInputSchema', () => {
  it('accepts every valid car, trims its texts, reads the year as a number, and parses its own output unchanged', () => {
    fc.assert(
      fc.property(car, (input) => {
        const out = carCreateInputSchema.parse(input);
        expect(out.make).toBe(input.make.trim());
        expect(out.model).toBe(input.model.trim());
        expect(out.year).toBe(Number(String(input.year).trim()));
        expect(out.additionalSpecs).toEqual(
          Object.fromEntries(Object.entries(input.additionalSpecs ?? {}).map(([k, v]) => [k.trim(), v])),
        );
        expect(carCreateInputSchema.parse(out)).toEqual(out);
        expect(carCreateInputSchema.parse(JSON.parse(JSON.stringify(out)))).toEqual(out);
      }),
      runs(),
    );
  });

  it('reads additionalSpecs sent as a JSON string exactly like the object (part 2 §3)', () => {
    fc.assert(
      fc.property(specs, (object) => {
        expect(additionalSpecsInputSchema.parse(JSON.stringify(object))).toEqual(
          additionalSpecsInputSchema.parse(object),
        );
      }),
      runs(),
    );
  });

  it('refuses texts over their limits with "Must be N characters or fewer"', () => {
    const overLimit = fc.constantFrom(
      ['make', LIMITS.makeMax],
      ['model', LIMITS.modelMax],
      ['ownerName', LIMITS.nameMax],
      ['story', LIMITS.storyMax],
      ['specs', LIMITS.specsMax],
    ) as fc.Arbitrary<[string, number]>;
    fc.assert(
      fc.property(car, overLimit, fc.integer({ min: 1, max: 20_000 }), (input, [field, max], extra) => {
        const text = `x${'é'.repeat(max + extra - 2)}y`;
        expect(messagesOf(carCreateInputSchema, { ...input, [field]: text })).toEqual([V.tooLong(max)]);
      }),
      runs(100),
    );
  });

  it('refuses more than 30 extra specs, and a spec value over 200 characters', () => {
    fc.assert(
      fc.property(car, fc.integer({ min: LIMITS.specEntriesMax + 1, max: 500 }), (input, count) => {
        const many = Object.fromEntries(Array.from({ length: count }, (_, i) => [`spec${i}`, i]));
        expect(messagesOf(carCreateInputSchema, { ...input, additionalSpecs: many })).toEqual([
          V.additionalSpecsInvalid,
        ]);
      }),
      runs(30),
    );
    // However many entries and whatever their values: one issue, found before any entry is checked (a 1 MB body of
    // 60,000 bad entries used to cost 60,000 issues, a 3.6 MB response and a second of CPU).
    const flood = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, i % 2 ? null : { deep: i }]));
    for (const additionalSpecs of [flood, JSON.stringify(flood)]) {
      expect(messagesOf(carCreateInputSchema, { ...VALID_CAR, additionalSpecs })).toEqual([V.additionalSpecsInvalid]);
    }
    expect(
      messagesOf(carCreateInputSchema, { make: 'a', additionalSpecs: { engine: 'v'.repeat(201) } }).filter((m) =>
        m.startsWith('Must be'),
      ),
    ).toEqual([V.tooLong(LIMITS.specValueMax)]);
  });

  it('refuses additionalSpecs that are not an object of names and values (arrays, nesting, bad JSON)', () => {
    const bad = fc.oneof(
      fc.constantFrom('[1,2]', '"text"', '42', '{', 'null]', '{"a": {"b": 1}}', '{"a": [1]}', '{"a": null}'),
      fc.array(fc.integer()).map((a) => JSON.stringify(a)),
    );
    fc.assert(
      fc.property(car, bad, (input, additionalSpecs) => {
        const result = checkRefusesCleanly(carCreateInputSchema, { ...input, additionalSpecs });
        expect(result.success).toBe(false);
      }),
      runs(100),
    );
  });

  it('refuses a hostile value in any field with a message, never another error', () => {
    assertHostileFieldsRefusedCleanly(
      carCreateInputSchema,
      car,
      ['make', 'model', 'year', 'ownerName', 'category', 'additionalSpecs', 'legalAgreement'],
      400,
    );
  });

  it('strips the slug, ownerId, featured and vote counts a client sends', () => {
    fc.assert(
      fc.property(car, fc.integer(), (input, n) => {
        const out = carCreateInputSchema.parse({ ...input, slug: 'mine', ownerId: n, featured: true, totalVotes: n });
        for (const key of ['slug', 'ownerId', 'featured', 'totalVotes']) expect(out).not.toHaveProperty(key);
      }),
      runs(50),
    );
  });
});

describe('carYearSchema (exactly four digits)', () => {
  it('accepts every year from 1886 to next year, typed or as a number', () => {
    fc.assert(
      fc.property(fc.integer({ min: CAR_YEAR_MIN, max: latestCarYear() }), (year) => {
        expect(carYearSchema.parse(year)).toBe(year);
        expect(carYearSchema.parse(String(year))).toBe(year);
      }),
      runs(),
    );
  });

  it('refuses four-digit years before 1886 or after next year, naming the range', () => {
    const max = latestCarYear();
    const outside = fc.oneof(fc.integer({ min: 1000, max: CAR_YEAR_MIN - 1 }), fc.integer({ min: max + 1, max: 9999 }));
    fc.assert(
      fc.property(outside, (year) => {
        const result = carYearSchema.safeParse(String(year));
        expect(result.success).toBe(false);
        expect(result.error?.issues.map((i) => i.message)).toEqual([`Enter a year between 1886 and ${max}`]);
      }),
      runs(),
    );
  });

  it('refuses other numbers and non-digit text with "Must be a valid 4-digit year"', () => {
    const notFourDigits = fc.oneof(
      fc.integer({ min: -100_000, max: 999 }),
      fc.integer({ min: 10_000, max: Number.MAX_SAFE_INTEGER }),
      fc.double({ min: 1000.01, max: 9998.99, noNaN: true }).filter((y) => !Number.isInteger(y)),
      fc.constantFrom('19 99', '1e3', '0x7CF', '１９９９', '1999a', '-999', '+1999', ...HOSTILE_STRINGS.slice(13, 30)),
    );
    fc.assert(
      fc.property(notFourDigits, (year) => {
        expect(messagesOf(carYearSchema, year)).toEqual([V.yearFormat]);
      }),
      runs(),
    );
  });

  it('says "Year is required" for a blank year, null or a missing one', () => {
    for (const year of ['', '   ', null, undefined]) expect(messagesOf(carYearSchema, year)).toEqual([V.yearRequired]);
  });
});

describe('carUpdateInputSchema', () => {
  it('accepts any subset of a valid car with an id, and only positive whole ids', () => {
    fc.assert(
      fc.property(car, fc.integer({ min: 1, max: MAX_ID }), (input, id) => {
        const subset = Object.fromEntries(Object.entries(input).filter((_, i) => i % 2 === id % 2));
        expect(carUpdateInputSchema.safeParse({ ...subset, id }).success).toBe(true);
      }),
      runs(),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ max: 0 }),
          // Past what an INT column holds: no id.
          fc.integer({ min: MAX_ID + 1, max: Number.MAX_SAFE_INTEGER }),
          fc.double().filter((n) => !Number.isSafeInteger(n)),
          fc.string(),
        ),
        (id) => {
          expect(new Set(messagesOf(carUpdateInputSchema, { id }))).toEqual(new Set([V.invalidId]));
        },
      ),
      runs(),
    );
  });
});

describe('list, search and upload fields', () => {
  it('take a limit of 1 to 100 and an offset of 0 to the offset bound, nothing else', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: LIMITS.listLimitMax }),
        fc.nat({ max: LIMITS.listOffsetMax }),
        (limit, offset) => {
          expect(carListQuerySchema.parse({ limit, offset })).toMatchObject({ limit, offset });
        },
      ),
      runs(),
    );
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: LIMITS.listLimitMax + 1 }), fc.constant(1.5)),
        (limit) => {
          expect(carListQuerySchema.safeParse({ limit }).success).toBe(false);
          expect(carSearchQuerySchema.safeParse({ q: 'rx7', limit }).success).toBe(false);
        },
      ),
      runs(),
    );
    expect(carListQuerySchema.safeParse({ offset: -1 }).success).toBe(false);
    // Past the bound a page is asked for by its cursor.
    expect(carListQuerySchema.safeParse({ offset: LIMITS.listOffsetMax + 1 }).success).toBe(false);
  });

  it('search needs 1 to 100 characters after trimming', () => {
    fc.assert(
      fc.property(padded(nonBlankText(LIMITS.searchQueryMax)), (q) => {
        expect(carSearchQuerySchema.parse({ q }).q).toBe(q.trim());
      }),
      runs(),
    );
    expect(messagesOf(carSearchQuerySchema, { q: '  ' })).toEqual([V.searchRequired]);
    expect(carSearchQuerySchema.safeParse({ q: 'q'.repeat(LIMITS.searchQueryMax + 1) }).success).toBe(false);
  });

  it('the photo upload reads carId from text and refuses anything but a positive whole id', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.boolean(), (carId, isPrimary) => {
        expect(imageUploadFieldsSchema.parse({ carId: String(carId), isPrimary: String(isPrimary) })).toEqual({
          carId,
          isPrimary,
        });
      }),
      runs(),
    );
    // A carId that is not a number at all gets the same message as a negative one (it used to be zod's
    // 'Invalid input: expected number, received NaN').
    for (const carId of ['', '0', '-3', '1.5', 'abc', '1 OR 1=1', 'Infinity', '1e400', '９']) {
      expect(new Set(messagesOf(imageUploadFieldsSchema, { carId }))).toEqual(new Set([V.invalidId]));
    }
    expect(idSchema.safeParse(Number.MAX_SAFE_INTEGER + 2).success).toBe(false);
  });
});
