import { expect, type Page, test } from '@playwright/test';

// Accounts in the browser: register, log out, log in, and a wrong password. Each test makes its own user.

function newUser() {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `e2e${id}`, email: `e2e-${id}@example.com`, password: 'street-cars-42' };
}

/** The username button in the top navigation, shown only to a signed-in user. */
const userMenu = (page: Page, username: string) => page.getByRole('button', { name: username });

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Log In' }).click();
  const form = page.getByRole('tabpanel', { name: 'Log In' });
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Log In', exact: true }).click();
}

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

  await logIn(page, user.email, user.password);
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

  await logIn(page, user.email, `${user.password}-wrong`);

  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(userMenu(page, user.username)).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Log In' })).toBeVisible();
});
