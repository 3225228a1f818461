import { expect } from 'vitest';
import { startTestApp, type TestApp, unique } from './app';
import { HttpClient } from './http';
import { register } from './register';

/**
 * The real app with an admin (made by ADMIN_EMAIL/ADMIN_PASSWORD, as in production), that admin signed in, and a
 * signed-in ordinary user: what every admin test starts from.
 */
export async function startAdminTestApp(): Promise<{ t: TestApp; admin: HttpClient; user: HttpClient }> {
  const adminAccount = { email: `${unique('boss')}@example.com`, password: 'admin-password-1' };
  const t = await startTestApp({ ADMIN_EMAIL: adminAccount.email, ADMIN_PASSWORD: adminAccount.password });
  const admin = new HttpClient(t.baseUrl);
  expect((await admin.post('/api/login', adminAccount)).status).toBe(200);
  const user = new HttpClient(t.baseUrl);
  const name = unique('user');
  await register(t, user, { username: name, email: `${name}@example.com`, password: 'user-password-1' });
  return { t, admin, user };
}
