import type { UserRole } from '@curbside/shared';
import { expect } from 'vitest';
import { hashPassword } from '../../src/modules/accounts/password';
import { UserEntity } from '../../src/modules/accounts/user.entity';
import { CALIFORNIA } from '../../src/modules/checkout/shop-test-fixtures';
import { type TestApp, unique } from '../app';
import { HttpClient } from '../http';

// Accounts for the hardening tests: rows written through the app's repository with one password hash made once
// (argon2 takes a tenth of a second per hash), then signed in over HTTP like a browser; and a paid order.

export const PASSWORD = 'hardening-password-1';
let passwordHash: Promise<string> | null = null;

/** An account of `role`, its e-mail address verified unless `verified: false`. */
export async function makeAccount(
  t: TestApp,
  role: UserRole = 'user',
  { verified = true }: { verified?: boolean } = {},
): Promise<UserEntity> {
  passwordHash ??= hashPassword(PASSWORD);
  const username = unique(role.slice(0, 3));
  const users = t.app.services.ds.getRepository(UserEntity);
  return users.save(
    users.create({
      email: `${username}@example.com`,
      username,
      usernameKey: username,
      name: `Name ${username}`,
      passwordHash: await passwordHash,
      role,
      emailVerifiedAt: verified ? new Date() : null,
      bio: `Bio of ${username}`,
    }),
  );
}

export interface Account {
  row: UserEntity;
  /** A browser signed in as this account. */
  client: HttpClient;
}

/** A browser signed in as the account with this e-mail (the shared password), through POST /api/login. */
export async function signIn(t: TestApp, email: string, headers: Record<string, string> = {}): Promise<HttpClient> {
  const client = new HttpClient(t.baseUrl, headers);
  const res = await client.post('/api/login', { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return client;
}

/** A new account of `role`, signed in. */
export async function signedIn(t: TestApp, role: UserRole = 'user', headers: Record<string, string> = {}) {
  const row = await makeAccount(t, role);
  return { row, client: await signIn(t, row.email, headers) } satisfies Account;
}

/** Checks out and pays for what is in the buyer's cart, as the checkout page does with the test card. */
export async function payForCart(
  buyer: Account,
): Promise<{ paymentId: string; clientSecret: string; orderId: number }> {
  const intent = await buyer.client.post('/api/create-payment-intent', {
    email: buyer.row.email,
    shippingAddress: CALIFORNIA,
  });
  expect(intent.status).toBe(200);
  const { paymentId, clientSecret } = intent.body;
  const paid = await buyer.client.trpc('mutation', 'checkout.payWithTestCard', {
    paymentId,
    clientSecret,
    cardNumber: '4242 4242 4242 4242',
  });
  expect(paid.status).toBe(200);
  return { paymentId, clientSecret, orderId: paid.body.result.data.id };
}

/** A valid car submission (POST /api/cars). */
export const NEW_CAR = {
  make: 'Mazda',
  model: 'RX-7',
  year: 1993,
  ownerName: 'Sam',
  category: 'JDM',
  legalAgreement: true,
} as const;

/** The stored user row, fresh from the database. */
export function storedUser(t: TestApp, id: number): Promise<UserEntity> {
  return t.app.services.ds.getRepository(UserEntity).findOneByOrFail({ id });
}
