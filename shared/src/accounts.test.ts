import { describe, expect, it } from 'vitest';
import { loginFormSchema, registerFormSchema, registerInputSchema } from './accounts';
import { issuesOf } from './test-helpers';

describe('login and registration forms', () => {
  it('give the spec messages on login', () => {
    expect(issuesOf(loginFormSchema, { email: 'nope', password: '' })).toEqual({
      email: ['Please enter a valid email address'],
      password: ['Password is required'],
    });
  });

  it('give the spec messages on registration', () => {
    expect(
      issuesOf(registerFormSchema, {
        email: 'a@b.co',
        username: 'ab',
        name: '',
        password: '12345',
        confirmPassword: '',
      }),
    ).toEqual({
      username: ['Username must be at least 3 characters'],
      password: ['Password must be at least 6 characters'],
      confirmPassword: ['Please confirm your password'],
    });
    expect(
      issuesOf(registerFormSchema, {
        email: 'a@b.co',
        username: 'a'.repeat(21),
        name: '',
        password: '123456',
        confirmPassword: '123456',
      }).username,
    ).toEqual(['Username cannot exceed 20 characters']);
  });

  it('show a mismatch on confirmPassword and never send the confirmation', () => {
    const form = { email: 'a@b.co', username: 'ada', name: '', password: '123456', confirmPassword: '654321' };
    expect(issuesOf(registerFormSchema, form)).toEqual({ confirmPassword: ['Passwords do not match'] });
    expect(registerInputSchema.parse(form)).toEqual({ email: 'a@b.co', username: 'ada', password: '123456' });
  });
});
