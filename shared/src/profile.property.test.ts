import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { passwordChangeInputSchema, profileUpdateInputSchema } from './profile';
import { checkRefusesCleanly, hostileValue, messagesOf, nonBlankText, padded, runs } from './test-arbitraries';

// My Profile (part 1 §5): a display name that is not blank, a biography that may be cleared, a new password of at
// least 8 characters.

const V = MESSAGES.validation;

describe('profileUpdateInputSchema', () => {
  it('accepts a name, a bio or both; trims them; a blank bio clears it', () => {
    const update = fc.record(
      {
        name: padded(nonBlankText(LIMITS.nameMax)),
        bio: fc.oneof(fc.constantFrom('', '   ', null), nonBlankText(LIMITS.bioMax, 'grapheme-ascii')),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(update, (input) => {
        fc.pre(input.name !== undefined || input.bio !== undefined);
        const out = profileUpdateInputSchema.parse(input);
        if (input.name !== undefined) expect(out.name).toBe(input.name.trim());
        if (input.bio !== undefined) expect(out.bio).toBe(input.bio?.trim() || null);
        expect(profileUpdateInputSchema.parse(JSON.parse(JSON.stringify(out)))).toEqual(out);
      }),
      runs(),
    );
    expect(messagesOf(profileUpdateInputSchema, {})).toEqual([V.atLeastOneField]);
  });

  it('refuses a blank name with "Please enter a display name" and a long one with the limit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[ \t\n]*$/), (blank) => {
        expect(messagesOf(profileUpdateInputSchema, { name: blank })).toEqual([V.displayNameRequired]);
      }),
      runs(50),
    );
    fc.assert(
      fc.property(fc.integer({ min: LIMITS.nameMax + 1, max: 10_000 }), (length) => {
        expect(messagesOf(profileUpdateInputSchema, { name: 'n'.repeat(length) })).toEqual([V.nameMax]);
        expect(messagesOf(profileUpdateInputSchema, { bio: 'b'.repeat(length + LIMITS.bioMax) })).toEqual([
          V.tooLong(LIMITS.bioMax),
        ]);
      }),
      runs(30),
    );
  });

  it('refuses hostile values with a message, never another error', () => {
    fc.assert(
      fc.property(hostileValue, hostileValue, (name, bio) => {
        checkRefusesCleanly(profileUpdateInputSchema, { name, bio });
      }),
      runs(300),
    );
  });
});

describe('passwordChangeInputSchema', () => {
  it('accepts a new password of 8 to 200 characters, and refuses a shorter one with the spec message', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 50 }),
        fc.string({ minLength: LIMITS.newPasswordMin, maxLength: LIMITS.passwordMax }),
        fc.string({ minLength: 1, maxLength: LIMITS.newPasswordMin - 1 }),
        (currentPassword, good, short) => {
          expect(passwordChangeInputSchema.parse({ currentPassword, newPassword: good })).toEqual({
            currentPassword,
            newPassword: good,
          });
          expect(messagesOf(passwordChangeInputSchema, { currentPassword, newPassword: short })).toEqual([
            V.newPasswordMin,
          ]);
        },
      ),
      runs(),
    );
    expect(messagesOf(passwordChangeInputSchema, { currentPassword: '', newPassword: '' })).toEqual([
      V.currentPasswordRequired,
      V.newPasswordRequired,
    ]);
  });
});
