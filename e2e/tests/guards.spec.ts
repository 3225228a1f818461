import { expect, test } from '@playwright/test';
import { DEMO_DRIVER, logIn, seeToast } from './support';

// Guards and states (part 1 §2): where a signed-out visitor, a signed-in user and a phone user end up.

test('every protected page sends a signed-out visitor to sign in, saying why', async ({ page }) => {
  const guarded = [
    { path: '/cart', toast: 'Please log in to view your cart', auth: /\/auth\?next=%2Fcart$/ },
    { path: '/checkout', toast: 'Please log in to continue with checkout', auth: /\/auth\?next=%2Fcheckout$/ },
    { path: '/order-success', toast: 'Please log in to view your order', auth: /\/auth\?next=%2Forder-success$/ },
    { path: '/user/orders', toast: 'Please log in to view your orders', auth: /\/auth\?next=%2Fuser%2Forders$/ },
    // The profile page sends the visitor itself; sign-in returns to the page remembered before it.
    { path: '/user/profile', toast: 'Please log in to view your profile', auth: /\/auth$/ },
  ];
  for (const { path, toast, auth } of guarded) {
    await page.goto(path);
    await expect(page, `${path} goes to /auth`).toHaveURL(auth);
    await seeToast(page, toast);
    await expect(page.getByRole('tab', { name: 'Log In' })).toBeVisible();
  }

  // The submission page explains itself instead, and its sign-in link comes back to it.
  await page.goto('/upload');
  await expect(page.getByText('You need to be logged in to submit or edit a car.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In or Register' })).toHaveAttribute('href', '/auth?next=%2Fupload');
});

test("the home page's main call to action asks a signed-out visitor to sign in, then opens the form", async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Your Car Featured' }).click();
  // The sign-in page, saying why, not the form's "log in first" panel.
  await expect(page).toHaveURL(/\/auth\?next=%2Fupload$/);
  await expect(
    page.getByText("Log in or register to submit your car. You'll go straight on to the form."),
  ).toBeVisible();
  const form = page.getByRole('tabpanel', { name: 'Log In' });
  await form.getByLabel(/^Email/).fill(DEMO_DRIVER.email);
  await form.getByLabel(/^Password/).fill(DEMO_DRIVER.password);
  await form.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page).toHaveURL(/\/upload$/);
  await expect(page.getByRole('heading', { name: 'Submit Your Car', level: 1 })).toBeVisible();
});

test('the dashboard is for admins only: a signed-in user is sent home', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await logIn(page, DEMO_DRIVER);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('tab', { name: 'Manage Cars' })).toHaveCount(0);
});

test('an unknown address shows the 404 page, sent with status 404', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(
    page.getByText("There's no page at this address. It may have moved, or the link may be mistyped."),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Browse the Gallery' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
});

test('tracking parameters are stripped from the address, the rest is kept', async ({ page }) => {
  await page.goto('/gallery?category=JDM&utm_source=instagram&utm_campaign=spring&fbclid=abc123');
  await expect(page).toHaveURL(/\/gallery\?category=JDM$/);
  // Replaced in place, not pushed: Back leaves the site rather than returning to the tagged address.
  await page.goBack();
  expect(page.url()).not.toContain('utm_');
  expect(page.url()).not.toContain('/gallery');
});

test.describe('at a phone width', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the menu opens from the burger, lists the pages and closes after a choice', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    for (const name of ['Gallery', 'Leaderboard']) await expect(menu.getByRole('link', { name })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Login/Register' })).toBeVisible();

    await menu.getByRole('link', { name: 'Leaderboard' }).click();
    await expect(page).toHaveURL(/\/leaderboard$/);
    await expect(menu).toBeHidden();
  });
});

test('robots.txt is a real robots file that keeps crawlers out of private pages', async ({ request }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/plain/);
  const text = await res.text();
  expect(text).toContain('User-agent: *');
  for (const path of ['/admin', '/cart', '/checkout', '/user/']) expect(text).toContain(`Disallow: ${path}`);
});
