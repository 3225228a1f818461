import { expect, test } from '@playwright/test';
import { addPhotoByApi, DEMO_ADMIN, demoCar, logIn, newUser, registerByApi, seeToast } from './support';

// Copied photos (issue 41): a member posts another owner's photo as their own; the admin sees the two side by side
// in the Review tab.

test('a copied photo uploaded by a second user shows up flagged for the admin', async ({ page, browser }) => {
  // A new member takes a demo owner's photo as the site shows it (a resized, re-compressed WebP) for their own car.
  const user = newUser('copy');
  await registerByApi(page, user);
  const model = `Copy ${user.username.slice(-6)}`;
  const created = await page.request.post('/api/cars', {
    data: { make: 'Mazda', model, year: 1993, ownerName: 'Copy Cat', category: 'JDM', legalAgreement: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const original = await demoCar(page.request);
  await addPhotoByApi(page.request, ((await created.json()) as { id: number }).id);

  const admin = await (await browser.newContext()).newPage();
  await logIn(admin, DEMO_ADMIN);
  await admin.goto('/admin?tab=review');
  await expect(admin.getByRole('heading', { name: 'Possibly Copied Photos' })).toBeVisible();
  const flag = admin
    .getByTestId('photo-match')
    .filter({ hasText: `1993 Mazda ${model}` })
    .filter({ hasText: `${original.year} ${original.make} ${original.model}` });
  // Photos stored before the server started are hashed in the background: the flag may come a moment later.
  await expect(async () => {
    await admin.reload();
    await expect(flag).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(flag.getByText("May be someone else's photo")).toBeVisible();
  await expect(flag.getByRole('img', { name: `New photo: 1993 Mazda ${model}` })).toBeVisible();
  await expect(flag.getByRole('img', { name: /^Earlier photo: / })).toBeVisible();
  await expect(flag.getByText(`Owner: ${user.username}`)).toBeVisible();

  await flag.getByRole('button', { name: 'Dismiss' }).click();
  await seeToast(admin, 'The flag was dismissed.');
  await expect(flag).toHaveCount(0);
});
