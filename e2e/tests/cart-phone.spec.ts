import { expect, type Locator, type Page, test } from '@playwright/test';
import { demoCar, newUser, registerByApi } from './support';

// Issue 39, blocker 2: at 390 px each cart line overflowed its card: "+" and the remove button sat past the screen's
// edge, the line's price was cut to "$17.", product names wrapped one word per line.

const PHONE = { width: 390, height: 844 };
/** A thumb's touch target. */
const TOUCH_PX = 44;

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(target: Locator): Promise<Box> {
  const box = await target.boundingBox();
  if (!box) throw new Error(`${target} has no box`);
  return box;
}

/** `inner` lies entirely within `outer` (to half a pixel: boxes are fractional). */
function expectInside(inner: Box, outer: Box, what: string) {
  expect(inner.x, `${what}: left edge`).toBeGreaterThanOrEqual(outer.x - 0.5);
  expect(inner.y, `${what}: top edge`).toBeGreaterThanOrEqual(outer.y - 0.5);
  expect(inner.x + inner.width, `${what}: right edge`).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
  expect(inner.y + inner.height, `${what}: bottom edge`).toBeLessThanOrEqual(outer.y + outer.height + 0.5);
}

/** A fresh customer with two prints of a demo car's photos and two pieces of merchandise in the cart. */
async function fillCart(page: Page) {
  await registerByApi(page, newUser('cart'));
  const car = await demoCar(page.request);
  const products = (await (await page.request.get('/api/products?limit=100')).json()) as {
    id: number;
    name: string;
    isMerch: boolean;
    active: boolean;
    stock: number | null;
  }[];
  const prints = products.filter((p) => !p.isMerch && p.active).slice(0, 2);
  const merch = products.filter((p) => p.isMerch && p.active && (p.stock ?? 1) > 0).slice(0, 2);
  expect(prints, 'the demo data has two prints').toHaveLength(2);
  expect(merch, 'the demo data has two pieces of merchandise in stock').toHaveLength(2);
  const images = car.images as unknown as { id: number }[];
  const lines = [
    ...prints.map((print, i) => ({
      productId: print.id,
      quantity: 2,
      carId: car.id,
      imageId: (images[i] ?? images[0])?.id,
    })),
    ...merch.map((item) => ({ productId: item.id, quantity: 1 })),
  ];
  for (const data of lines) {
    const added = await page.request.post('/api/cart', { data });
    expect(added.ok(), await added.text()).toBe(true);
  }
  return lines.length;
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('every cart line fits its card: quantity, price and remove in reach', async ({ page }, testInfo) => {
    const count = await fillCart(page);
    await page.goto('/cart');
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(count);
    const screen: Box = { x: 0, y: 0, width: PHONE.width, height: Number.POSITIVE_INFINITY };
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth), 'no sideways scroll').toBeLessThanOrEqual(
      PHONE.width,
    );

    for (let i = 0; i < count; i++) {
      const line = lines.nth(i);
      const card = await boxOf(line);
      expectInside(card, screen, `line ${i + 1}`);
      const controls: Array<[string, Locator]> = [
        ['−', line.getByRole('button', { name: /^Decrease / })],
        ['+', line.getByRole('button', { name: /^Increase / })],
        ['remove', line.getByRole('button', { name: /^Remove / })],
      ];
      for (const [name, control] of controls) {
        await expect(control).toBeVisible();
        const box = await boxOf(control);
        expectInside(box, card, `line ${i + 1}'s ${name}`);
        expect(box.width, `line ${i + 1}'s ${name}: width`).toBeGreaterThanOrEqual(TOUCH_PX);
        expect(box.height, `line ${i + 1}'s ${name}: height`).toBeGreaterThanOrEqual(TOUCH_PX);
      }

      // The line's price, whole: inside the card, not clipped, on one line.
      const price = line.getByTestId('cart-line-total');
      await expect(price).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
      expectInside(await boxOf(price), card, `line ${i + 1}'s price`);
      const clipped = await price.evaluate(
        (element) => element.scrollWidth > element.clientWidth || element.getClientRects().length > 1,
      );
      expect(clipped, `line ${i + 1}'s price is cut or wrapped`).toBe(false);

      // The product's name has room: its column is wider than a word or two.
      const name = await boxOf(line.getByTestId('cart-line-name'));
      expect(name.width, `line ${i + 1}'s name column, px`).toBeGreaterThanOrEqual(150);
    }

    await page.screenshot({ path: testInfo.outputPath('cart-390.png'), fullPage: true });
  });
});
