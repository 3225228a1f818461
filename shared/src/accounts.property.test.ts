import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emailSchema,
  loginInputSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  usernameSchema,
} from './accounts';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import {
  assertHostileFieldsRefusedCleanly,
  everydayEmail,
  hostileValue,
  messagesOf,
  nonBlankText,
  padded,
  runs,
} from './test-arbitraries';

// Sign-in and registration rules of part 1 §5 and §9, over generated inputs.

const V = MESSAGES.validation;
const username = fc.stringMatching(/^[A-Za-z0-9_.-]{3,20}$/);
const registrationPassword = fc.string({ minLength: LIMITS.registerPasswordMin, maxLength: LIMITS.passwordMax });
const registration = fc.record(
  {
    email: padded(everydayEmail),
    username: padded(username),
    password: registrationPassword,
    name: nonBlankText(LIMITS.nameMax),
  },
  { requiredKeys: ['email', 'username', 'password'] },
);

describe('emailSchema', () => {
  it('accepts an everyday address and stores it trimmed and lower-cased', () => {
    fc.assert(
      fc.property(padded(everydayEmail), (typed) => {
        expect(emailSchema.parse(typed)).toBe(typed.trim().toLowerCase());
      }),
      runs(),
    );
  });

  it('refuses anything without an @ between two parts with "Please enter a valid email address"', () => {
    const noAt = fc.string({ maxLength: 60 }).filter((s) => !s.includes('@'));
    fc.assert(
      fc.property(noAt, (typed) => {
        expect(messagesOf(emailSchema, typed)).toEqual([V.email]);
      }),
      runs(),
    );
  });

  it('refuses an address over 254 characters as too long', () => {
    fc.assert(
      fc.property(everydayEmail, fc.integer({ min: 255, max: 5000 }), (email, length) => {
        const long = `${'a'.repeat(Math.max(1, length - email.length))}${email}`;
        expect(messagesOf(emailSchema, long)).toContain(V.emailTooLong);
      }),
      runs(50),
    );
  });
});

describe('usernameSchema', () => {
  it('accepts 3 to 20 letters, digits, dots, dashes and underscores, trimmed', () => {
    fc.assert(
      fc.property(padded(username), (typed) => {
        expect(usernameSchema.parse(typed)).toBe(typed.trim());
      }),
      runs(),
    );
  });

  it('gives the spec messages under 3 and over 20 characters', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]{1,2}$/), (short) => {
        expect(messagesOf(usernameSchema, short)).toEqual([V.usernameMin]);
      }),
      runs(50),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]{21,300}$/), (long) => {
        expect(messagesOf(usernameSchema, long)).toEqual([V.usernameMax]);
      }),
      runs(50),
    );
  });

  it('refuses spaces, markup, quotes and non-ASCII letters inside a name', () => {
    const bad = fc
      .tuple(username, fc.constantFrom(' ', '<', '>', "'", '"', '/', '\\', 'é', '😀', '\u0000', ';', '@'))
      .map(([name, ch]) => `${name.slice(0, 2)}${ch}${name.slice(2, 10)}`);
    fc.assert(
      fc.property(bad, (typed) => {
        expect(messagesOf(usernameSchema, typed)).toContain(V.usernameCharacters);
      }),
      runs(),
    );
  });
});

describe('registerInputSchema', () => {
  it('accepts valid registrations, and its output parses to itself (also after a JSON round trip)', () => {
    fc.assert(
      fc.property(registration, (input) => {
        const out = registerInputSchema.parse(input);
        expect(out.email).toBe(input.email.trim().toLowerCase());
        expect(out.username).toBe(input.username.trim());
        expect(out.password).toBe(input.password); // never trimmed: spaces are part of a password
        expect(registerInputSchema.parse(out)).toEqual(out);
        expect(registerInputSchema.parse(JSON.parse(JSON.stringify(out)))).toEqual(out);
      }),
      runs(),
    );
  });

  it('refuses a password under 6 characters with the spec message, and one over 200 as too long', () => {
    fc.assert(
      fc.property(registration, fc.string({ maxLength: 5 }), (input, password) => {
        expect(messagesOf(registerInputSchema, { ...input, password })).toEqual([V.registerPasswordMin]);
      }),
      runs(100),
    );
    fc.assert(
      fc.property(registration, fc.integer({ min: LIMITS.passwordMax + 1, max: 100_000 }), (input, length) => {
        expect(messagesOf(registerInputSchema, { ...input, password: 'p'.repeat(length) })).toEqual([
          V.passwordTooLong,
        ]);
      }),
      runs(30),
    );
  });

  it('never lets a role or an id through from the client', () => {
    fc.assert(
      fc.property(registration, hostileValue, (input, extra) => {
        const out = registerInputSchema.parse({ ...input, role: 'admin', id: 1, isAdmin: extra });
        expect(Object.keys(out).sort()).toEqual(Object.keys(input).sort());
      }),
      runs(),
    );
  });

  it('refuses a hostile value in any field with a message, never another error', () => {
    assertHostileFieldsRefusedCleanly(
      registerInputSchema,
      registration,
      ['email', 'username', 'password', 'name'],
      300,
    );
  });
});

describe('loginInputSchema and resetPasswordInputSchema', () => {
  it('require a password of 1 to 200 characters and a valid e-mail', () => {
    fc.assert(
      fc.property(everydayEmail, fc.string({ minLength: 1, maxLength: LIMITS.passwordMax }), (email, password) => {
        expect(loginInputSchema.parse({ email, password })).toEqual({ email: email.toLowerCase(), password });
      }),
      runs(),
    );
    expect(messagesOf(loginInputSchema, { email: 'a@b.co', password: '' })).toEqual([V.passwordRequired]);
  });

  it('refuse a reset token outside 20 to 200 characters as an invalid link', () => {
    const badToken = fc.oneof(fc.string({ maxLength: 19 }), fc.string({ minLength: 201, maxLength: 2000 }));
    fc.assert(
      fc.property(badToken, (token) => {
        expect(messagesOf(resetPasswordInputSchema, { token, password: 'long-enough-1' })).toEqual([
          V.resetLinkInvalid,
        ]);
      }),
      runs(100),
    );
  });
});
