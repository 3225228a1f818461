import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';

// What several journeys do the same way: the demo accounts, a fresh user, signing in, reading toasts.

export const DEMO_ADMIN = { email: 'admin@curbside.example', password: 'curbside-admin' };
export const DEMO_DRIVER = { email: 'driver@curbside.example', password: 'curbside-driver' };

/** A user nobody has registered yet (the e2e database is shared by all journeys of a run). */
export function newUser(prefix = 'e2e') {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `${prefix}${id}`, email: `${prefix}-${id}@example.com`, password: 'street-cars-42' };
}

/** Fills and sends the Log In tab of /auth. The caller checks the outcome. */
export async function submitLogIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Log In' }).click();
  const form = page.getByRole('tabpanel', { name: 'Log In' });
  await form.getByLabel(/^Email/).fill(account.email);
  await form.getByLabel(/^Password/).fill(account.password);
  await form.getByRole('button', { name: 'Log In', exact: true }).click();
}

/** Signs in through the form and waits for the welcome toast. */
export async function logIn(page: Page, account: { email: string; password: string }) {
  await submitLogIn(page, account);
  await expect(page.getByText('Login successful')).toBeVisible();
}

export const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
/** Toasts show one at a time and queue, so one may wait behind another for a few seconds. */
export const seeToast = (page: Page, text: string | RegExp) =>
  expect(toast(page, text)).toBeVisible({ timeout: 30_000 });

/**
 * The text of the newest e-mail in the server's outbox (no SMTP server is set) whose subject contains `subject` and,
 * when given, that went to `to`; '' when there is none yet.
 */
export async function outboxMail(subject: string, to?: string): Promise<string> {
  const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
  for (const file of files) {
    const text = await readFile(join(outbox, file), 'utf8');
    const lines = text.split('\n');
    const header = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
    if (header('Subject')?.includes(subject) && (to === undefined || header('To') === to)) return text;
  }
  return '';
}

/** The token of the verification link mailed to `email` (waits for the mail). */
export async function verificationToken(email: string): Promise<string> {
  let token = '';
  await expect
    .poll(
      async () => {
        token = (await outboxMail('e-mail address', email)).match(/\/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1] ?? '';
        return token;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return token;
}

/** Follows the verification link mailed to `email` in this page, as the reader of the e-mail would. */
export async function followVerificationLink(page: Page, email: string) {
  await page.goto(`/verify-email?token=${await verificationToken(email)}`);
  await expect(page.getByText('Your e-mail address is verified.')).toBeVisible();
}

/**
 * Registers a new account through the API in this page's browser context (signed in afterwards) and, unless
 * `verified: false`, confirms its address with the link mailed to it, so it may submit cars and make tokens.
 */
export async function registerByApi(
  page: Page,
  user: ReturnType<typeof newUser>,
  { verified = true }: { verified?: boolean } = {},
) {
  const res = await page.request.post('/api/register', {
    data: { username: user.username, email: user.email, password: user.password },
  });
  expect(res.ok(), await res.text()).toBe(true);
  if (!verified) return;
  const verify = await page.request.post('/api/verify-email', { data: { token: await verificationToken(user.email) } });
  expect(verify.ok(), await verify.text()).toBe(true);
}

/** On the checkout's first step: fills in a shipping address in San Francisco, CA (the caller goes on). */
export async function fillShippingAddress(page: Page) {
  await page.getByLabel(/^Full name/).fill('Dana Driver');
  await page.getByLabel(/^Address line 1/).fill('1 Market St');
  await page.getByLabel(/^City/).fill('San Francisco');
  await page.getByRole('combobox', { name: /^State/ }).fill('Califo');
  await page.getByRole('option', { name: 'California' }).click();
  await page.getByLabel(/^ZIP code/).fill('94105');
}

/** From a filled cart: checkout to San Francisco, CA, paid with the test provider's 4242 card. */
export async function checkOutWithTestCard(page: Page) {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await fillShippingAddress(page);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
}

/** A car as GET /api/cars lists it (the fields the journeys read). */
export interface ListedCar {
  id: number;
  slug: string;
  year: number;
  make: string;
  model: string;
  featured: boolean;
  images: { url: string; isPrimary: boolean }[];
  createdAt: string;
}

/**
 * A demo car with photos. Journeys add cars of their own (some without photos) and the list is newest first, so
 * "the first car" is not a demo car; the demo's photos are shown as 1600 px WebP renditions.
 */
export async function demoCar(request: APIRequestContext): Promise<ListedCar> {
  const cars = (await (await request.get('/api/cars?limit=100')).json()) as ListedCar[];
  // A car of the demo data (shot months ago), not one a journey added today with a photo of its own.
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  const car = cars.find(
    (candidate) =>
      Date.parse(candidate.createdAt) < dayAgo && candidate.images.some((image) => image.url.endsWith('-w1600.webp')),
  );
  expect(car, 'the demo data has a car with photos').toBeDefined();
  return car as ListedCar;
}

/**
 * Stores a photo (one of the demo's, as shown: WebP) as the primary image of a car `request`'s user owns (or any car, for an
 * admin): a car is listed, and its page public, only once it has one.
 */
export async function addPhotoByApi(request: APIRequestContext, carId: number): Promise<void> {
  const photo = await request.get((await demoCar(request)).images[0]?.url ?? '');
  const stored = await request.post('/api/images', {
    multipart: {
      carId: String(carId),
      isPrimary: 'true',
      image: { name: 'photo.webp', mimeType: 'image/webp', buffer: Buffer.from(await photo.body()) },
    },
  });
  expect(stored.status(), await stored.text()).toBe(201);
}

/** Puts one merchandise item that is in stock into this context's cart, through the API. */
export async function addMerchToCart(page: Page) {
  const merch = (await (await page.request.get('/api/merch')).json()) as { id: number; stock: number }[];
  const product = merch.find((p) => p.stock > 0);
  expect(product, 'the demo data has merchandise in stock').toBeDefined();
  const added = await page.request.post('/api/cart', { data: { productId: product?.id, quantity: 1 } });
  expect(added.ok(), await added.text()).toBe(true);
}

/**
 * Opens `path` with the app's code held back: what shows is the page as the server sent it, before any of the app's
 * scripts could change it. Returns a function that lets the code through.
 */
export async function gotoServerPage(page: Page, path: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Not waiting for DOMContentLoaded: it waits for the module scripts held here.
  await page.goto(path, { waitUntil: 'commit' });
  return release;
}

/**
 * At least `count` cars in the gallery, each with a photo: the demo's 12 and cars the admin (`api`, no quota) adds,
 * Classic Model As (no other journey filters by Classic).
 */
export async function atLeastCars(api: APIRequestContext, count: number) {
  const listed = (await (await api.get('/api/cars?limit=100')).json()) as unknown[];
  for (let i = listed.length; i < count; i++) {
    const car = await api.post('/api/cars', {
      data: {
        make: 'Ford',
        model: `Model A No. ${i}`,
        year: 1930,
        ownerName: 'Navigation Journey',
        category: 'Classic',
        legalAgreement: true,
      },
    });
    expect(car.status(), await car.text()).toBe(201);
    const { id } = (await car.json()) as { id: number };
    await addPhotoByApi(api, id);
  }
}

/** Runs `use` with a page of a new browser context (nobody signed in), closed afterwards. */
async function withPage<T>(browser: Browser, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/** A paid order in the admin's list (`admin`: the admin's requests), unless a journey made one: a shopper buys merch. */
export async function ensureOrder(browser: Browser, admin: APIRequestContext) {
  const orders = (await (await admin.get('/api/orders')).json()) as unknown[];
  if (orders.length > 0) return;
  await withPage(browser, async (shopper) => {
    await registerByApi(shopper, newUser('order'));
    await addMerchToCart(shopper);
    await checkOutWithTestCard(shopper);
  });
}

/**
 * Rows in the admin lists the demo data leaves empty (what a phone's card or table gets wrong shows only with rows):
 * an order, a recorded review action (a member's car looked at and dismissed with a note), and the suspension record
 * (that member suspended, lifted and suspended again, so Users lists a suspended account too). Fair Votes has the
 * demo's votes of this month. Once per run: later calls find the rows and add none.
 */
export async function fillAdminLists(browser: Browser, admin: APIRequestContext) {
  await ensureOrder(browser, admin);
  const actions = (await (await admin.get('/api/admin/reviews/actions')).json()) as unknown[];
  const overview = (await (await admin.get('/api/admin/suspensions')).json()) as { history: unknown[] };
  if (actions.length > 0 && overview.history.length > 0) return;
  const user = newUser('rows');
  await withPage(browser, async (member) => {
    await registerByApi(member, user);
    const created = await member.request.post('/api/cars', {
      data: { make: 'Axe', model: 'Sweep', year: 2004, ownerName: 'Sam Owner', category: 'JDM', legalAgreement: true },
    });
    expect(created.status(), await created.text()).toBe(201);
    const car = (await created.json()) as { id: number };
    const acted = await admin.post(`/api/admin/reviews/cars/${car.id}/actions`, {
      data: { action: 'dismiss', note: 'Looked at after a report: nothing wrong with it.' },
    });
    expect(acted.ok(), await acted.text()).toBe(true);
  });
  const [found] = (await (await admin.get(`/api/admin/users?q=${encodeURIComponent(user.username)}`)).json()) as {
    id: number;
  }[];
  expect(found, `${user.username} is found`).toBeDefined();
  const suspension = `/api/admin/users/${found?.id}/suspension`;
  for (const change of [
    () => admin.post(suspension, { data: { note: 'Spam listings in the gallery' } }),
    () => admin.delete(suspension, { params: { note: 'Cleared up by e-mail' } }),
    () => admin.post(suspension, { data: { note: 'Spam listings again' } }),
  ]) {
    const res = await change();
    expect(res.ok(), await res.text()).toBe(true);
  }
}
