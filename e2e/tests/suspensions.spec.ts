import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, logIn, newUser, registerByApi, seeToast, submitLogIn } from './support';

// Issue 41 part 6: an admin suspends an account from the Users tab; every browser the user is signed in on is signed
// out at its next page load, and signing in again says the account is suspended.

test('a suspended user is signed out everywhere', async ({ browser }) => {
  const user = newUser('susp');
  const laptop = await (await browser.newContext()).newPage();
  await registerByApi(laptop, user);
  const phone = await (await browser.newContext()).newPage();
  await logIn(phone, user);
  for (const page of [laptop, phone]) {
    await page.goto('/user/profile');
    await expect(page.getByRole('tab', { name: 'Account Settings' })).toBeVisible();
  }

  const admin = await (await browser.newContext()).newPage();
  await logIn(admin, DEMO_ADMIN);
  await admin.goto('/admin?tab=users');
  await admin.getByLabel('Find a user').fill(user.username);
  const row = admin.getByTestId('user-row').filter({ hasText: user.username });
  await row.getByRole('button', { name: 'Suspend' }).click();
  const dialog = admin.getByRole('dialog', { name: `Suspend ${user.username}?` });
  await dialog.getByLabel(/^Note/).fill('Spam listings');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await seeToast(admin, `${user.username} was suspended.`);
  await expect(admin.getByTestId('suspended-account').filter({ hasText: user.username })).toContainText(
    'Spam listings',
  );

  // Both browsers are signed out at their next page load.
  for (const page of [laptop, phone]) {
    await page.goto('/user/profile');
    await expect(page).toHaveURL(/\/auth$/);
    await seeToast(page, 'Please log in to view your profile');
  }
  // And signing in again says why it fails.
  await submitLogIn(phone, user);
  await seeToast(phone, 'This account has been suspended.');
});
