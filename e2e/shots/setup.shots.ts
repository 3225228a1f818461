import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { ShotsProject } from '../screenshots.config';
import { checkOutWithTestCard, DEMO_ADMIN, DEMO_DRIVER, demoCar, fillAdminLists } from '../tests/support';
import { OUT_DIR, SHOTS, stateFile } from './pages';

// Before the shots: the demo driver with a paid order and a cart with lines, the admin signed in (their cookies kept
// for the shots), and the gallery page that shows the pictures.

test('the demo driver has an order and a cart with prints and merchandise', async ({ page }) => {
  expect((await page.request.post('/api/login', { data: DEMO_DRIVER })).ok()).toBe(true);
  expect((await page.request.delete('/api/cart')).ok()).toBe(true);
  const car = await demoCar(page.request);
  const products = (await (await page.request.get('/api/products?limit=100')).json()) as {
    id: number;
    isMerch: boolean;
    active: boolean;
    stock: number | null;
  }[];
  const prints = products.filter((p) => !p.isMerch && p.active).slice(0, 2);
  const merch = products.filter((p) => p.isMerch && p.active && (p.stock ?? 1) > 0).slice(0, 2);
  const images = car.images as unknown as { id: number }[];
  const add = async (data: object) => {
    const added = await page.request.post('/api/cart', { data });
    expect(added.ok(), await added.text()).toBe(true);
  };

  // The order: a print and a piece of merchandise, paid with the test card.
  await add({ productId: prints[0]?.id, quantity: 1, carId: car.id, imageId: images[0]?.id });
  await add({ productId: merch[0]?.id, quantity: 1 });
  await checkOutWithTestCard(page);
  const paymentId = new URL(page.url()).searchParams.get('payment_intent');
  expect(paymentId, 'the order page names the payment').toBeTruthy();

  // The cart the cart and checkout pages show: two prints of the car's photos, two pieces of merchandise.
  for (const [i, print] of prints.entries()) {
    await add({ productId: print.id, quantity: i + 1, carId: car.id, imageId: (images[i] ?? images[0])?.id });
  }
  for (const item of merch) await add({ productId: item.id, quantity: 1 });

  await page.context().storageState({ path: stateFile('driver') });
  writeFileSync(stateFile('order'), JSON.stringify({ paymentId }));
});

test('the admin is signed in, with rows in every list', async ({ page, browser }) => {
  expect((await page.request.post('/api/login', { data: DEMO_ADMIN })).ok()).toBe(true);
  // A recorded review action and a suspension record for the Review and Users tabs (the driver's order is there).
  await fillAdminLists(browser, page.request);
  await page.context().storageState({ path: stateFile('admin') });
});

test('the gallery page lists every shot', async () => {
  const projects = test
    .info()
    .config.projects.map((project) => project.metadata as Partial<ShotsProject>)
    .filter((meta): meta is ShotsProject => meta.width !== undefined);
  const widths = [...new Set(projects.map((meta) => meta.width))];
  const themes = [...new Set(projects.map((meta) => meta.theme))];
  const label = (width: number) => (width < 600 ? `${width} px (phone, 2×)` : `${width} px`);
  const image = (name: string, width: number, theme: string) => {
    const file = `${name}-${width}-${theme}.webp`;
    return `[![${name}, ${width} px, ${theme}](${file})](${file})`;
  };
  const sections = SHOTS.map((shot) =>
    [
      `## ${shot.title}`,
      '',
      `| | ${widths.map(label).join(' | ')} |`,
      `|---|${widths.map(() => '---|').join('')}`,
      ...themes.map((theme) => `| ${theme} | ${widths.map((width) => image(shot.name, width, theme)).join(' | ')} |`),
    ].join('\n'),
  );
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(
    join(OUT_DIR, 'README.md'),
    [
      '# Screenshots',
      '',
      '<!-- Written by `npm run screenshots` (e2e/shots/): edit the pages list there, not this file. -->',
      '',
      'Every page of Curbside on a fresh database with the demo data, as `npm run screenshots` takes them: at a ' +
        "phone's 390 px (2× pixels), 1280 px and 1920 px, in the dark and the light theme; the top of each page " +
        "(one screen) unless it says the whole page. Signed-in pages are the demo driver's (an order placed, a cart " +
        "with lines) or the admin's. Click a picture for its full size. How they compare with the field: " +
        '[side by side](../side-by-side.md).',
      '',
      `Contents: ${SHOTS.map((shot) => `[${shot.title}](#${anchor(shot.title)})`).join(' · ')}`,
      '',
      sections.join('\n\n'),
      '',
    ].join('\n'),
  );
});

/** GitHub's anchor for a heading. */
function anchor(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replaceAll(' ', '-');
}
