import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { newsletterEmailOk, subscribeInputSchema } from './newsletter';
import { checkRefusesCleanly, everydayEmail, hostileValue, messagesOf, padded, runs } from './test-arbitraries';

// The footer sign-up (part 1 §5): the footer's basic check, and the server's stricter one.

describe('subscribeInputSchema', () => {
  it('accepts every everyday address the footer accepts, lower-cased, from the footer by default', () => {
    fc.assert(
      fc.property(padded(everydayEmail), (email) => {
        expect(newsletterEmailOk(email)).toBe(true);
        expect(subscribeInputSchema.parse({ email })).toEqual({ email: email.trim().toLowerCase(), source: 'footer' });
      }),
      runs(),
    );
  });

  it('never accepts what the footer refuses (no @, no dot after it, spaces inside)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (email) => {
        fc.pre(!newsletterEmailOk(email));
        expect(messagesOf(subscribeInputSchema, { email })).toContain(MESSAGES.validation.email);
      }),
      runs(300),
    );
  });

  it('takes a source of 1 to 40 lower-case letters, digits, dashes or underscores only', () => {
    fc.assert(
      fc.property(everydayEmail, fc.string({ minLength: 1, maxLength: 60 }), (email, source) => {
        const ok = /^[a-z0-9_-]{1,40}$/.test(source.trim());
        // Refused in words, not with the pattern itself (it used to respond with 'Invalid string: must match
        // pattern …').
        expect(messagesOf(subscribeInputSchema, { email, source })).toEqual(
          ok ? [] : [MESSAGES.validation.newsletterSourceInvalid],
        );
      }),
      runs(300),
    );
  });

  it('refuses hostile values with a message, never another error', () => {
    fc.assert(
      fc.property(hostileValue, hostileValue, (email, source) => {
        checkRefusesCleanly(subscribeInputSchema, { email, source });
      }),
      runs(300),
    );
  });
});
