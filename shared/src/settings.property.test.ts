import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { SITE_SETTINGS_DEFAULTS, siteSettingsSchema, siteSettingsUpdateInputSchema } from './settings';
import { assertHostileFieldsRefusedCleanly, calendarDay, messagesOf, nonBlankText, runs } from './test-arbitraries';

// Site settings (part 2 §5): launchDate is YYYY-MM-DD or null; a blank message falls back to the default text.

const V = MESSAGES.validation;
const settings = fc.record({
  maintenanceMode: fc.boolean(),
  comingSoonMode: fc.boolean(),
  maintenanceMessage: fc.oneof(fc.constantFrom('', '  '), nonBlankText(LIMITS.siteMessageMax)),
  comingSoonMessage: fc.oneof(fc.constantFrom('', '  '), nonBlankText(LIMITS.siteMessageMax)),
  launchDate: fc.oneof(fc.constantFrom('', null), calendarDay),
});

describe('siteSettingsUpdateInputSchema', () => {
  it('accepts every valid save; blank messages become the defaults and a blank date null; the response is valid', () => {
    fc.assert(
      fc.property(settings, (input) => {
        const out = siteSettingsUpdateInputSchema.parse(input);
        expect(out.maintenanceMessage).toBe(
          input.maintenanceMessage.trim() || SITE_SETTINGS_DEFAULTS.maintenanceMessage,
        );
        expect(out.comingSoonMessage).toBe(input.comingSoonMessage.trim() || SITE_SETTINGS_DEFAULTS.comingSoonMessage);
        expect(out.launchDate).toBe(input.launchDate || null);
        expect(siteSettingsSchema.parse(out)).toEqual(out);
        expect(siteSettingsUpdateInputSchema.parse(out)).toEqual(out);
      }),
      runs(),
    );
  });

  it('refuses a launch date that is not a real YYYY-MM-DD day', () => {
    const bad = fc.oneof(
      fc.constantFrom(
        '2025-02-29',
        '2025-04-31',
        '2025-13-01',
        '0000-01-01',
        '2025-1-1',
        '01/02/2025',
        '2025-01-01T00:00',
      ),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    );
    fc.assert(
      fc.property(settings, bad, (input, launchDate) => {
        expect(messagesOf(siteSettingsUpdateInputSchema, { ...input, launchDate })).toEqual([V.launchDateInvalid]);
      }),
      runs(100),
    );
  });

  it('refuses a message over 500 characters', () => {
    fc.assert(
      fc.property(settings, fc.integer({ min: LIMITS.siteMessageMax + 1, max: 50_000 }), (input, length) => {
        expect(messagesOf(siteSettingsUpdateInputSchema, { ...input, maintenanceMessage: 'm'.repeat(length) })).toEqual(
          [V.tooLong(LIMITS.siteMessageMax)],
        );
      }),
      runs(30),
    );
  });

  it('refuses a hostile value in any field with a message, never another error', () => {
    const fields = ['maintenanceMode', 'comingSoonMode', 'maintenanceMessage', 'comingSoonMessage', 'launchDate'];
    assertHostileFieldsRefusedCleanly(siteSettingsUpdateInputSchema, settings, fields, 300);
  });
});
