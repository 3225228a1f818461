import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advertisementCreateInputSchema, advertisementUpdateInputSchema } from './ads';
import { AD_TYPES } from './constants';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import {
  assertHostileFieldsRefusedCleanly,
  calendarDay,
  httpUrl,
  messagesOf,
  nonBlankText,
  runs,
  storedFilePath,
} from './test-arbitraries';

// The advertisement form (part 2 §5): name and type required, a picture at http(s) or /api/file/, a link at
// http(s), start and end dates (real days, end not before start).

const V = MESSAGES.validation;
const period = fc.tuple(calendarDay, calendarDay).map(([a, b]) => (a <= b ? ([a, b] as const) : ([b, a] as const)));
const ad = fc
  .record({
    name: nonBlankText(LIMITS.titleMax),
    type: fc.constantFrom(...AD_TYPES),
    imageUrl: fc.oneof(httpUrl, storedFilePath).filter((u) => u.length <= LIMITS.urlMax),
    linkUrl: httpUrl.filter((u) => u.length <= LIMITS.urlMax),
    period,
    active: fc.boolean(),
  })
  .map(({ period: [startDate, endDate], ...rest }) => ({ ...rest, startDate, endDate }));

describe('advertisementCreateInputSchema', () => {
  it('accepts every valid advertisement and parses its own output unchanged', () => {
    fc.assert(
      fc.property(ad, (input) => {
        const out = advertisementCreateInputSchema.parse(input);
        expect(advertisementCreateInputSchema.parse(JSON.parse(JSON.stringify(out)))).toEqual(out);
      }),
      runs(),
    );
  });

  it('refuses a link that does not start with http:// or https:// with the spec message', () => {
    const bad = fc.oneof(
      fc.constantFrom(
        'javascript:alert(1)',
        'www.example.com',
        '/relative',
        'mailto:a@b.co',
        'data:,x',
        '//evil.example',
      ),
      fc.webUrl({ validSchemes: ['ftp', 'ws'] }),
    );
    fc.assert(
      fc.property(ad, bad, (input, linkUrl) => {
        expect(messagesOf(advertisementCreateInputSchema, { ...input, linkUrl })).toEqual([V.adLinkUrlInvalid]);
      }),
      runs(100),
    );
  });

  it('refuses an end date before the start date, on create and on update', () => {
    fc.assert(
      fc.property(ad, period, (input, [early, late]) => {
        fc.pre(early < late);
        const swapped = { ...input, startDate: late, endDate: early };
        expect(messagesOf(advertisementCreateInputSchema, swapped)).toEqual([V.adEndBeforeStart]);
        expect(messagesOf(advertisementUpdateInputSchema, { id: 1, startDate: late, endDate: early })).toEqual([
          V.adEndBeforeStart,
        ]);
      }),
      runs(),
    );
  });

  it('refuses dates that are not real days', () => {
    const bad = fc.constantFrom(
      '2025-02-29',
      '2025-13-01',
      '2025-00-10',
      '25-01-01',
      '2025/01/01',
      '2025-1-1',
      'today',
    );
    fc.assert(
      fc.property(ad, bad, (input, startDate) => {
        expect(advertisementCreateInputSchema.safeParse({ ...input, startDate }).success).toBe(false);
      }),
      runs(30),
    );
  });

  it('refuses a hostile value in any field with a message, never another error', () => {
    const fields = ['name', 'type', 'imageUrl', 'linkUrl', 'startDate', 'endDate', 'active', 'description'];
    assertHostileFieldsRefusedCleanly(advertisementCreateInputSchema, ad, fields, 300);
  });
});
