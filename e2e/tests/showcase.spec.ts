import { expect, test } from '@playwright/test';
import { addPhotoByApi, demoCar, newUser, registerByApi } from './support';

// A visitor's journey on the demo data: home → gallery (Load More, filter, search) → a car → vote → the second vote is refused
// → the leaderboard shows the vote. Plus the link preview a shared car link gets.

test('browse the showcase, vote once, and see it on the leaderboard', async ({ page, browser }) => {
  // The demo has 12 cars, one gallery page: a member adds a 13th through the REST API, so Load More has a page 2.
  const member = await browser.newContext();
  await registerByApi(await member.newPage(), newUser('lm'));
  const added = await member.request.post('/api/cars', {
    data: {
      make: 'Datsun',
      model: '240Z',
      year: 1972,
      ownerName: 'Load More',
      category: 'Classic',
      legalAgreement: true,
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  // Listed once it has a photo.
  await addPhotoByApi(member.request, (await added.json()).id);
  await member.close();

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Top Cars of the Month' })).toBeVisible();
  await expect(page.getByText('#1 This Month').first()).toBeVisible();
  await expect(page.getByText('#3 This Month')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Featured Cars' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Details' })).toBeVisible();

  await page.getByRole('link', { name: 'View Gallery' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  const cards = page.getByTestId('car-card');
  await expect(cards).toHaveCount(12);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect.poll(() => cards.count()).toBeGreaterThan(12);

  await page.getByRole('button', { name: 'Muscle' }).click();
  await expect(page).toHaveURL(/\/gallery\?category=Muscle$/);
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: 'Chevelle' })).toHaveCount(1);

  // The search is sent with Enter or its button (the server's page for a signed-out visitor).
  await page.getByRole('button', { name: 'All Cars' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  const search = page.getByRole('searchbox', { name: 'Search cars' });
  await search.fill('MCLAREN');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/gallery\?q=MCLAREN$/);
  await expect(cards).toHaveCount(1);
  await search.fill('no such car anywhere');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No cars found matching your criteria.')).toBeVisible();
  await search.fill('mclaren');
  await search.press('Enter');
  await expect(cards).toHaveCount(1);
  await cards.first().click();

  await expect(page).toHaveURL(/\/cars\/.+/);
  await expect(page.getByRole('heading', { name: 'McLaren 570S', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Meet the Owner' })).toBeVisible();
  // The share panel loads as it comes near the screen (the car page is a page load from the islands' gallery).
  await page.getByRole('heading', { name: 'Meet the Owner' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const slug = new URL(page.url()).pathname.split('/').pop() as string;
  const before = (await (await page.request.get(`/api/cars/${slug}`)).json()) as { lastMonthVotes: number };

  // The confetti of a vote runs in a worker: the page's security policy must let it start.
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  await page.getByRole('button', { name: 'Vote for this Car' }).click();
  await expect(page.getByText('Vote recorded!')).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.querySelectorAll('canvas').length)).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Already Voted' })).toBeDisabled();
  expect(blocked).toEqual([]);

  // Coming back later the same day: the server still knows this visitor voted, and refuses another vote.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Already Voted' })).toBeDisabled();
  await expect(page.getByText('You can vote for this car again after 24 hours.')).toBeVisible();
  const again = await page.request.post('/api/votes', {
    data: { carId: (await (await page.request.get(`/api/cars/${slug}`)).json()).id },
  });
  expect(again.status()).toBe(429);

  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { name: 'Voting Leaderboard' })).toBeVisible();
  const row = page.getByTestId('leaderboard-row').filter({ hasText: 'McLaren 570S' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(4)).toHaveText(String(before.lastMonthVotes + 1));
  await expect(page.getByRole('columnheader', { name: 'Change' })).toBeVisible();
  await page.getByText('All Time', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'All Time' })).toBeChecked();
  await expect(page.getByTestId('leaderboard-row').first()).toBeVisible();
});

test('an unknown car shows Car Not Found', async ({ page }) => {
  await page.goto('/cars/no-such-car-here');
  await expect(page.getByRole('heading', { name: 'Car Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Gallery' })).toBeVisible();
});

test("a shared car link's HTML carries the car's preview tags", async ({ request }) => {
  const car = await demoCar(request);
  const html = await (await request.get(`/cars/${car.slug}`)).text();
  expect(html).toContain(`<meta property="og:title" content="`);
  expect(html).toContain(car.make);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  const image = await request.get(`/api/share-image/${car.slug}.jpg`);
  expect(image.headers()['content-type']).toBe('image/jpeg');
});
