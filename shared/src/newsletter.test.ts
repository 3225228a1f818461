import { describe, expect, it } from 'vitest';
import { newsletterEmailOk, subscribeInputSchema } from './newsletter';

describe('newsletterEmailOk', () => {
  it.each(['a@b.co', ' fan@curbside.example ', 'x.y+z@mail.example.org'])('accepts %j', (email) => {
    expect(newsletterEmailOk(email)).toBe(true);
  });

  it.each(['', '   ', 'plainaddress', 'a@b', '@b.co', 'a@.', 'a b@c.de', 'a@b.'])('rejects %j', (email) => {
    expect(newsletterEmailOk(email)).toBe(false);
  });
});

describe('subscribeInputSchema', () => {
  it('defaults the source to footer and normalises the address', () => {
    expect(subscribeInputSchema.parse({ email: ' Fan@Example.COM ' })).toEqual({
      email: 'fan@example.com',
      source: 'footer',
    });
  });

  it('rejects a bad address with the spec message', () => {
    const result = subscribeInputSchema.safeParse({ email: 'nope' });
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid email address');
  });
});
