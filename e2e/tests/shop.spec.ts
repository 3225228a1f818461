import { expect, test } from '@playwright/test';
import {
  addMerchToCart,
  DEMO_DRIVER,
  fillShippingAddress,
  logIn,
  newUser,
  outboxMail,
  registerByApi,
  seeToast,
  toast,
} from './support';

// The whole purchase as the demo driver with no Stripe keys (the built-in test provider): two photos from a car
// page as prints, a sticker from /merch, checkout to California, a declined card, then 4242, order success and
// My Orders. Prices: Poster Print 12x18 $24.99 (shipping $10), Curbside Sticker Pack (see the merch card).

const CAR = { slug: 'nissan-skyline-gt-r-v-spec-r34', name: 'Nissan Skyline' };

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test('buy two prints and a sticker, shipped to California, paid with the test card', async ({ page }) => {
  await logIn(page, DEMO_DRIVER);
  // Start from an empty cart (the demo account is shared by the e2e run).
  expect((await page.request.delete('/api/cart')).ok()).toBe(true);
  const ordersBefore = (await (await page.request.get('/api/user/orders')).json()).length as number;
  const merch = (await (await page.request.get('/api/merch')).json()) as {
    name: string;
    price: number;
    stock: number;
    shippingFee: number;
  }[];
  const sticker = merch.find((p) => p.name === 'Curbside Sticker Pack');
  expect(sticker).toBeDefined();
  const stickerStock = sticker?.stock ?? 0;

  // Car page: tick two photos, choose a print, add to cart.
  await page.goto(`/cars/${CAR.slug}`);
  const boxes = page.getByRole('checkbox', { name: /for print/ });
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await expect(page.getByTestId('print-selected-count')).toHaveText('2 images selected');
  await page.getByRole('combobox', { name: 'Print product' }).click();
  await page.getByRole('option', { name: /Poster Print 12x18/ }).click();
  await expect(page.getByTestId('print-total')).toHaveText(money(2 * 2499));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('2 prints added to your cart.')).toBeVisible();

  // Merch: one sticker pack.
  await page.goto('/merch');
  await expect(page.getByRole('heading', { name: 'Merchandise', level: 1 })).toBeVisible();
  const card = page.getByTestId('merch-card').filter({ hasText: 'Curbside Sticker Pack' });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('1 x Curbside Sticker Pack added to your cart')).toBeVisible();
  // The header badge counts the cart's lines.
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();

  // Cart: three lines, then checkout.
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(3);
  const subtotal = 2 * 2499 + (sticker?.price ?? 0);
  const shipping = Math.max(1000, sticker?.shippingFee ?? 0);
  const tax = Math.round((subtotal * 7.25) / 100);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  await fillShippingAddress(page);
  const summary = page.getByTestId('order-summary');
  await expect(summary.getByText('Tax (CA 7.25%)')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  await expect(page.getByText('Test mode — no real card is charged')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to Shipping Information' })).toBeVisible();
  await expect(page.getByTestId('summary-total')).toHaveText(money(subtotal + shipping + tax));
  await expect(summary.getByText(money(tax))).toBeVisible();
  await expect(summary.getByText('7-10 business days')).toBeVisible();

  // A declined card: the provider's message, and no order.
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByText('Payment Failed')).toBeVisible();
  await expect(page.getByText('Your card was declined.').first()).toBeVisible();
  expect(await (await page.request.get('/api/user/orders')).json()).toHaveLength(ordersBefore);

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/order-success\?payment_intent=test_pi_/);
  const successUrl = page.url();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  // The order's own number, items and total, as the server recorded them; the declined card's toast is gone.
  const number = (await page.getByTestId('order-number').textContent()) ?? '';
  expect(number).toMatch(/^#\d+$/);
  await expect(page.getByTestId('order-item')).toHaveCount(3);
  await expect(page.getByTestId('order-total')).toHaveText(money(subtotal + shipping + tax));
  await expect(toast(page, 'Payment Failed')).toHaveCount(0);

  // The confirmation e-mail (the server's outbox, with no SMTP server set) names the same number.
  await expect.poll(() => outboxMail(`order ${number} confirmed`), { timeout: 10_000 }).toContain(`Order ${number}\n`);

  await page.getByRole('link', { name: 'View My Orders' }).click();
  await expect(page).toHaveURL(/\/user\/orders$/);
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(ordersBefore + 1);
  await expect(rows.first().getByText(`Order ${number}`, { exact: true })).toBeVisible();
  await rows.first().getByRole('button', { name: 'View Details' }).click();
  const dialog = page.getByRole('dialog', { name: `Order ${number}` });
  await expect(dialog.getByText('1 × Curbside Sticker Pack')).toBeVisible();
  await expect(dialog.getByText('1 × Poster Print 12x18')).toHaveCount(2);
  await expect(dialog.getByText('San Francisco, CA 94105, US')).toBeVisible();
  await expect(dialog.getByText(money(subtotal + shipping + tax))).toBeVisible();

  // The cart is empty and the sticker stock went down.
  expect(await (await page.request.get('/api/cart')).json()).toEqual([]);
  const after = (await (await page.request.get('/api/merch')).json()) as { name: string; stock: number }[];
  expect(after.find((p) => p.name === 'Curbside Sticker Pack')?.stock).toBe(stickerStock - 1);

  // A new cart. Back on the old success page it stays; a payment id that is not this shopper's paid one claims
  // nothing and leaves it too.
  await addMerchToCart(page);
  const cartLines = async () => ((await (await page.request.get('/api/cart')).json()) as unknown[]).length;
  await page.goto(successUrl);
  await expect(page.getByTestId('order-number')).toHaveText(number);
  expect(await cartLines()).toBe(1);
  await page.goto('/order-success?payment_intent=bogus');
  await expect(page.getByRole('heading', { name: 'We could not confirm an order here' })).toBeVisible();
  await expect(page.getByText(/^Payment not found\. Your cart has not been changed/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toHaveCount(0);
  await expect(page.getByTestId('order-number')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to Cart' })).toBeVisible();
  expect(await cartLines()).toBe(1);
  await page.getByRole('link', { name: 'Back to Cart' }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  expect((await page.request.delete('/api/cart')).ok()).toBe(true);
});

test('change a quantity and remove a line in the cart; an empty cart cannot be checked out', async ({ page }) => {
  await registerByApi(page, newUser('cart'));
  const merch = (await (await page.request.get('/api/merch')).json()) as {
    name: string;
    price: number;
    stock: number;
  }[];
  const [first, second] = merch.filter((product) => product.stock >= 3);
  expect(second, 'the demo has two merch products in stock').toBeDefined();
  if (!first || !second) return;

  await page.goto('/merch');
  for (const product of [first, second]) {
    await page
      .getByTestId('merch-card')
      .filter({ hasText: product.name })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    await expect(page.getByText(`1 x ${product.name} added to your cart`)).toBeVisible();
  }

  await page.goto('/cart');
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  const firstLine = lines.filter({ hasText: first.name });
  await firstLine.getByRole('textbox', { name: `Quantity of ${first.name}` }).fill('3');
  await expect(firstLine.getByText(money(3 * first.price), { exact: true })).toBeVisible();
  await expect
    .poll(async () =>
      ((await (await page.request.get('/api/cart')).json()) as { quantity: number }[]).map((l) => l.quantity).sort(),
    )
    .toEqual([1, 3]);

  await page.getByRole('button', { name: `Remove ${second.name}` }).click();
  await expect(lines).toHaveCount(1);
  // Clear Cart asks first: keeping the items changes nothing.
  await page.getByRole('button', { name: 'Clear Cart' }).click();
  const ask = page.getByRole('dialog', { name: 'Clear your cart?' });
  await ask.getByRole('button', { name: 'Keep Items' }).click();
  await expect(ask).toHaveCount(0);
  await expect(lines).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear Cart' }).click();
  await page.getByRole('dialog', { name: 'Clear your cart?' }).getByRole('button', { name: 'Clear Cart' }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();

  // Checkout with nothing to buy sends the shopper back to the cart.
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/cart$/);
  await seeToast(page, 'Empty Cart');
});
