import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { addPhotoByApi, DEMO_ADMIN, newUser, registerByApi } from './support';

// Meet cards: an owner downloads their car's printable card; a visitor at the meet scans its QR code on a
// phone, lands on the car page with a clean address, and votes in one tap; the admin statistics count that vote.

const PHONE = { width: 390, height: 844 };

test('an owner downloads a meet card, and a visitor who scans it votes from a phone', async ({ page, browser }) => {
  // The owner: a new member with a car of their own.
  const owner = newUser('card');
  await registerByApi(page, owner);
  const created = await page.request.post('/api/cars', {
    data: { make: 'Mazda', model: 'RX-7', year: 1993, ownerName: 'Card Owner', category: 'JDM', legalAgreement: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const car = (await created.json()) as { id: number; slug: string };
  await addPhotoByApi(page.request, car.id);

  await page.goto('/user/profile');
  const vehicle = page.getByTestId('vehicle-card').filter({ hasText: 'Mazda RX-7' });
  const downloading = page.waitForEvent('download');
  await vehicle.getByRole('link', { name: 'Download meet card' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`meet-card-${car.id}.pdf`);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // The admin's count of card votes without an event, before the scan.
  const admin = await browser.newContext();
  expect((await admin.request.post('/api/login', { data: DEMO_ADMIN })).ok()).toBe(true);
  const cardVotes = async () => {
    const rows = (await (await admin.request.get('/api/admin/stats/card-votes')).json()) as {
      eventId: number | null;
      votes: number;
    }[];
    return rows.find((row) => row.eventId === null)?.votes ?? 0;
  };
  const before = await cardVotes();

  // The visitor scans the card: the QR code's address, on a phone.
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const visitor = await phone.newPage();
  await visitor.goto(`/cars/${car.slug}?src=card`);
  await expect(visitor.getByRole('heading', { name: 'Mazda RX-7', level: 1 })).toBeVisible();
  await expect(visitor).toHaveURL(new RegExp(`/cars/${car.slug}$`));
  const vote = visitor.getByRole('button', { name: 'Vote for this Car' });
  // The Vote button is being moved into the first viewport on phones (another change); until then it is scrolled to.
  const inView = await vote.evaluate((button) => button.getBoundingClientRect().bottom <= window.innerHeight);
  test.info().annotations.push({ type: 'vote button', description: inView ? 'in the first viewport' : 'scrolled to' });
  await vote.scrollIntoViewIfNeeded();
  await visitor.screenshot({ path: test.info().outputPath('car-page-from-card-390.png') });
  await vote.tap();
  // The toast as the car page shows it to a signed-out visitor (islands: a status, the app's toasts are alerts).
  await expect(visitor.getByText('Vote recorded!')).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Already Voted' })).toBeVisible();

  await expect.poll(cardVotes).toBe(before + 1);
  await phone.close();
  await admin.close();
});
