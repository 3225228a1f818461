import { describe, expect, it } from 'vitest';
import { passwordChangeFormSchema, passwordChangeInputSchema, profileUpdateInputSchema } from './profile';
import { issuesOf } from './test-helpers';

describe('profileUpdateInputSchema', () => {
  it('takes a name or a bio', () => {
    expect(profileUpdateInputSchema.parse({ name: '  Ada  ' })).toEqual({ name: 'Ada' });
    expect(profileUpdateInputSchema.parse({ bio: 'I like cars' })).toEqual({ bio: 'I like cars' });
    expect(profileUpdateInputSchema.parse({ bio: ' ' })).toEqual({ bio: null });
  });

  it('refuses a blank name with the spec message', () => {
    expect(issuesOf(profileUpdateInputSchema, { name: '   ' }).name).toEqual(['Please enter a display name']);
  });

  it('refuses an empty update', () => {
    expect(profileUpdateInputSchema.safeParse({}).success).toBe(false);
  });
});

describe('password change', () => {
  it('gives the spec messages', () => {
    expect(issuesOf(passwordChangeInputSchema, { currentPassword: '', newPassword: '' })).toEqual({
      currentPassword: ['Current Password Required'],
      newPassword: ['New Password Required'],
    });
    expect(issuesOf(passwordChangeInputSchema, { currentPassword: 'old', newPassword: 'short77' }).newPassword).toEqual(
      ['Your new password must be at least 8 characters long'],
    );
  });

  it('accepts 8 characters', () => {
    expect(passwordChangeInputSchema.safeParse({ currentPassword: 'old', newPassword: '12345678' }).success).toBe(true);
  });

  it('checks the confirmation in the form only', () => {
    const values = { currentPassword: 'old', newPassword: '12345678', confirmPassword: '12345679' };
    expect(issuesOf(passwordChangeFormSchema, values).confirmPassword).toEqual(["Passwords Don't Match"]);
    expect(passwordChangeInputSchema.parse(values)).toEqual({ currentPassword: 'old', newPassword: '12345678' });
  });
});
