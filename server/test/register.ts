import { expect } from 'vitest';
import type { TestApp } from './app';
import { HttpClient } from './http';

// Accounts made over HTTP as a visitor makes them: POST /api/register, then (unless the test wants an unverified
// account) the verification link mailed to the new address, followed as the /verify-email page follows it.

export interface Registration {
  email: string;
  username: string;
  password: string;
  name?: string;
}

/**
 * Registers with `client` (signed in afterwards) and follows the link mailed to the address, unless
 * `verified: false`. Returns the registration's response.
 */
export async function register(
  t: Pick<TestApp, 'baseUrl' | 'mailer'>,
  client: HttpClient,
  account: Registration,
  { verified = true }: { verified?: boolean } = {},
) {
  const res = await client.post('/api/register', account);
  expect(res.status, res.body?.message).toBe(201);
  if (verified) await followVerificationLink(t, account.email);
  return res;
}

/** Follows the last verification link mailed to `email` (from any browser: the link needs no session). */
export async function followVerificationLink(t: Pick<TestApp, 'baseUrl' | 'mailer'>, email: string) {
  const res = await new HttpClient(t.baseUrl).post('/api/verify-email', { token: t.mailer.lastTokenTo(email) });
  expect(res.status, res.body?.message).toBe(200);
  return res;
}
