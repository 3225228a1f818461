import { expect, type Page, test } from '@playwright/test';
import { newUser, submitLogIn } from './support';

// Accounts in the browser: register, log out, log in, and a wrong password. Each test makes its own user.

/** The username button in the top navigation, shown only to a signed-in user. */
const userMenu = (page: Page, username: string) => page.getByRole('button', { name: username });

test('register, log out and log in again', async ({ page }) => {
  const user = newUser();

  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('tabpanel', { name: 'Register' });
  await form.getByLabel(/^Username/).fill(user.username);
  await form.getByLabel(/^Email/).fill(user.email);
  await form.getByLabel(/^Password/).fill(user.password);
  await form.getByLabel(/^Confirm Password/).fill(user.password);
  await form.getByRole('button', { name: 'Register', exact: true }).click();

  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(userMenu(page, user.username)).toBeVisible();

  await userMenu(page, user.username).click();
  await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'My Orders' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(userMenu(page, user.username)).toBeHidden();

  await submitLogIn(page, user);
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(userMenu(page, user.username)).toBeVisible();

  // The session survives a reload.
  await page.reload();
  await expect(userMenu(page, user.username)).toBeVisible();
});

test('a wrong password shows the Login failed toast', async ({ page, request }) => {
  const user = newUser();
  const registered = await request.post('/api/register', {
    data: { username: user.username, email: user.email, password: user.password },
  });
  expect(registered.ok()).toBe(true);

  await submitLogIn(page, { email: user.email, password: `${user.password}-wrong` });

  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(userMenu(page, user.username)).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Log In' })).toBeVisible();
});
