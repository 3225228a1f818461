import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utcToCentralWallTime } from './central-time';
import { eventCreateInputSchema, eventFormSchema } from './events';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import {
  assertHostileFieldsRefusedCleanly,
  httpUrl,
  messagesOf,
  nonBlankText,
  runs,
  storedFilePath,
} from './test-arbitraries';

// The event form (part 2 §5): five required fields, a Facebook link that is a URL or empty, active by default,
// the time entered in Central time and stored as UTC.

const V = MESSAGES.validation;
const instant = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => new Date(Math.floor(d.getTime() / 60_000) * 60_000));
const event = fc.record(
  {
    title: nonBlankText(LIMITS.titleMax),
    description: nonBlankText(LIMITS.descriptionMax, 'grapheme-ascii'),
    eventDate: instant.map((d) => d.toISOString()),
    location: nonBlankText(LIMITS.locationMax),
    imageUrl: fc.oneof(httpUrl, storedFilePath).filter((u) => u.length <= LIMITS.urlMax),
    fbEventUrl: fc.oneof(
      fc.constant(''),
      fc.constant(null),
      httpUrl.filter((u) => u.length <= LIMITS.urlMax),
    ),
    active: fc.boolean(),
  },
  { requiredKeys: ['title', 'description', 'eventDate', 'location', 'imageUrl'] },
);

describe('eventCreateInputSchema', () => {
  it('accepts every valid event, active unless said otherwise, an empty Facebook link as none', () => {
    fc.assert(
      fc.property(event, (input) => {
        const out = eventCreateInputSchema.parse(input);
        expect(out.active).toBe(input.active ?? true);
        expect(out.fbEventUrl).toBe(input.fbEventUrl === undefined ? undefined : input.fbEventUrl || null);
        expect(eventCreateInputSchema.parse(JSON.parse(JSON.stringify(out)))).toEqual(out);
      }),
      runs(),
    );
  });

  it('refuses a Facebook link that is not an http(s) URL with the form message', () => {
    const bad = fc.constantFrom(
      'javascript:alert(1)',
      'facebook.com/events/1',
      'www.facebook.com',
      'data:text/html,x',
      'http//facebook.com',
      'ftp://facebook.com/events/1',
      ' ',
    );
    fc.assert(
      fc.property(event, bad, (input, fbEventUrl) => {
        expect(messagesOf(eventCreateInputSchema, { ...input, fbEventUrl })).toEqual([V.fbEventUrlInvalid]);
      }),
      runs(50),
    );
  });

  it('gives each required field its own message when it is missing or blank', () => {
    const required = {
      title: V.eventTitleRequired,
      description: V.eventDescriptionRequired,
      eventDate: V.eventDateRequired,
      location: V.eventLocationRequired,
      imageUrl: V.eventImageUrlRequired,
    } as const;
    fc.assert(
      fc.property(
        event,
        fc.constantFrom(...Object.keys(required)),
        fc.constantFrom(undefined, null, ''),
        (input, field, blank) => {
          expect(messagesOf(eventCreateInputSchema, { ...input, [field]: blank })).toEqual([
            required[field as keyof typeof required],
          ]);
        },
      ),
      runs(100),
    );
  });

  it('refuses a hostile value in any field with a message, never another error', () => {
    const fields = ['title', 'description', 'eventDate', 'location', 'imageUrl', 'fbEventUrl', 'active'];
    assertHostileFieldsRefusedCleanly(eventCreateInputSchema, event, fields, 300);
  });
});

describe('eventFormSchema (Central wall time in, UTC out)', () => {
  it('sends back the instant whose Central wall time was typed, for any minute of any year', () => {
    fc.assert(
      fc.property(event, instant, (input, when) => {
        const wall = utcToCentralWallTime(when);
        const out = eventFormSchema.parse({ ...input, eventDate: wall });
        expect(utcToCentralWallTime(out.eventDate)).toBe(wall);
      }),
      runs(300),
    );
  });

  it('says "Event date is required" for a time that is malformed or does not exist', () => {
    const bad = fc.constantFrom(
      '2026-02-30T10:00',
      '2026-13-01T10:00',
      '2026-01-01T24:00',
      '2026-01-01',
      'tomorrow',
      '0000-01-01T00:00',
      '2026-01-01T10:00Z',
    );
    fc.assert(
      fc.property(event, bad, (input, eventDate) => {
        expect(messagesOf(eventFormSchema, { ...input, eventDate })).toEqual([V.eventDateRequired]);
      }),
      runs(30),
    );
  });
});
