import { type Browser, expect, type Page, test } from '@playwright/test';
import { addPhotoByApi, DEMO_ADMIN, logIn, newUser, outboxMail, registerByApi, seeToast } from './support';

// Trust and safety (issue 41): three users' reports hold a car, the admin hides it with a note and the owner is
// e-mailed; with approval of new cars on, a new car waits for review until the admin approves it.

/** A signed-in member in a browser of their own. */
async function member(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = newUser(prefix);
  await registerByApi(page, user);
  return { page, user, close: () => context.close() };
}

/** The member's new car with a photo, through the REST API; returns it. */
async function submitCar(page: Page, model: string) {
  const created = await page.request.post('/api/cars', {
    data: { make: 'Moderated', model, year: 2004, ownerName: 'Sam Owner', category: 'JDM', legalAgreement: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const car = (await created.json()) as { id: number; slug: string };
  await addPhotoByApi(page.request, car.id);
  return car;
}

async function openReview(page: Page, carName: string) {
  await page.goto('/admin?tab=review');
  const item = page.getByTestId('review-item').filter({ hasText: carName });
  await expect(item).toBeVisible();
  return item;
}

test('three reports hold a car; the admin hides it with a note and the owner is told why', async ({
  page,
  browser,
}) => {
  const owner = await member(browser, 'own');
  const model = `Held ${Date.now().toString(36)}`;
  const car = await submitCar(owner.page, model);
  const carName = `2004 Moderated ${model}`;

  // The first report through the car page's Report control.
  const first = await member(browser, 'rep');
  await first.page.goto(`/cars/${car.slug}`);
  await first.page.getByRole('button', { name: 'Report' }).click();
  const dialog = first.page.getByRole('dialog', { name: 'Report this car' });
  await dialog.getByRole('radio', { name: 'Not a street car' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await seeToast(first.page, 'Report received');

  // Two more users report it over the API: the third distinct reporter holds it.
  for (const prefix of ['rep2', 'rep3']) {
    const other = await member(browser, prefix);
    const sent = await other.page.request.post(`/api/cars/${car.id}/reports`, { data: { reason: 'spam' } });
    expect(sent.status(), await sent.text()).toBe(201);
    await other.close();
  }
  const gallery = (await (await page.request.get('/api/cars?limit=100')).json()) as { id: number }[];
  expect(gallery.map((listed) => listed.id)).not.toContain(car.id);
  await page.goto(`/cars/${car.slug}`);
  await expect(page.getByRole('heading', { name: 'Car not found' })).toBeVisible();
  // Its owner still sees it, marked as under review.
  await owner.page.goto(`/cars/${car.slug}`);
  await expect(owner.page.getByTestId('review-notice')).toContainText('Under review');

  await logIn(page, DEMO_ADMIN);
  const item = await openReview(page, carName);
  await expect(item).toContainText('reported by 3 users');
  await item.getByLabel('Note (sent to the owner)').fill('The photos show a model car, not a street car.');
  await item.getByRole('button', { name: 'Hide the car' }).click();
  await seeToast(page, 'Car hidden');
  // It leaves the queue for the hidden and rejected cars, where an admin may approve it again.
  const entries = page.getByTestId('review-item').filter({ hasText: carName });
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText('Hidden by an admin');
  await expect(page.getByTestId('review-action').filter({ hasText: carName })).toContainText(
    'The photos show a model car, not a street car.',
  );

  await expect.poll(() => outboxMail('has been hidden', owner.user.email)).toContain('not a street car');
  const mail = await outboxMail('has been hidden', owner.user.email);
  expect(mail).not.toContain(first.user.username);
  await first.close();
  await owner.close();
});

test('with approval on, a new car waits for review until the admin approves it', async ({ page, browser }) => {
  await logIn(page, DEMO_ADMIN);
  const setApproval = (reviewNewCars: boolean) =>
    page.request.put('/api/site-settings/moderation', { data: { reportHoldThreshold: 3, reviewNewCars } });
  const owner = await member(browser, 'new');
  const model = `Pending ${Date.now().toString(36)}`;
  // Only while this car is submitted: the e2e database is shared with the other journeys.
  expect((await setApproval(true)).ok()).toBe(true);
  let car: { id: number; slug: string };
  try {
    car = await submitCar(owner.page, model);
  } finally {
    expect((await setApproval(false)).ok()).toBe(true);
  }

  await owner.page.goto(`/cars/${car.slug}`);
  await expect(owner.page.getByTestId('review-notice')).toContainText('Waiting for review');

  const item = await openReview(page, `2004 Moderated ${model}`);
  await expect(item).toContainText('New car waiting for approval');
  await item.getByLabel('Note (sent to the owner)').fill('Welcome to Curbside!');
  await item.getByRole('button', { name: 'Approve' }).click();
  await seeToast(page, 'Car approved');

  const visitor = await browser.newPage();
  await visitor.goto(`/cars/${car.slug}`);
  await expect(visitor.getByRole('heading', { name: `Moderated ${model}` })).toBeVisible();
  await visitor.close();
  await expect.poll(() => outboxMail('is now public', owner.user.email)).toContain('Welcome to Curbside!');
  await owner.close();
});
