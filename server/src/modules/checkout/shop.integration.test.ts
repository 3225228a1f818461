import { cartSchema, formatOrderNumber, paymentOrderRecordSchema } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { OrderEntity } from '../orders/order.entity';
import { ProductEntity } from '../products/product.entity';
import { CALIFORNIA, makeCarWithImages, makeProduct, shopper } from './shop-test-fixtures';

// The shop in test mode (no Stripe keys): catalogue, cart rules, checkout priced by the server, the test card,
// orders, stock and the confirmation e-mail — over the documented /api paths and the browser's /trpc calls.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ds = () => t.app.services.ds;

async function pay(client: HttpClient, cardNumber = '4242 4242 4242 4242', state = 'CA') {
  const intent = await client.post('/api/create-payment-intent', {
    email: 'dana@example.com',
    shippingAddress: { ...CALIFORNIA, state },
  });
  expect(intent.status).toBe(200);
  const paid = await client.trpc('mutation', 'checkout.payWithTestCard', {
    paymentId: intent.body.paymentId,
    clientSecret: intent.body.clientSecret,
    cardNumber,
  });
  return { intent: intent.body, paid };
}

describe('catalogue', () => {
  it('lists active products only, honours limit, and /api/merch has active merchandise only', async () => {
    const print = await makeProduct(ds(), { name: 'Catalogue print' });
    const hidden = await makeProduct(ds(), { name: 'Hidden print', active: false });
    const merch = await makeProduct(ds(), { name: 'Catalogue sticker', isMerch: true });
    const hiddenMerch = await makeProduct(ds(), { name: 'Hidden sticker', isMerch: true, active: false });

    const all = await new HttpClient(t.baseUrl).get('/api/products?limit=100');
    expect(all.status).toBe(200);
    const ids = all.body.map((p: { id: number }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([print.id, merch.id]));
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(hiddenMerch.id);

    const one = await new HttpClient(t.baseUrl).get('/api/products?limit=1');
    expect(one.body).toHaveLength(1);

    const merchList = await new HttpClient(t.baseUrl).get('/api/merch');
    expect(merchList.status).toBe(200);
    const merchIds = merchList.body.map((p: { id: number }) => p.id);
    expect(merchIds).toContain(merch.id);
    expect(merchIds).not.toContain(print.id);
    expect(merchIds).not.toContain(hiddenMerch.id);
  });

  it('says which payment form to show: the test provider when no keys are set', async () => {
    const res = await new HttpClient(t.baseUrl).get('/api/payment-config');
    expect(res.body).toEqual({ provider: 'test', publishableKey: null });
  });
});

describe('cart', () => {
  it('needs a signed-in user', async () => {
    const anon = new HttpClient(t.baseUrl);
    expect((await anon.get('/api/cart')).status).toBe(401);
    expect((await anon.post('/api/cart', { productId: 1, quantity: 1 })).status).toBe(401);
  });

  it('prices lines from the database, ignoring a client price, and merges the same item', async () => {
    const { client } = await shopper(t.baseUrl);
    const sticker = await makeProduct(ds(), { isMerch: true, price: 500, stock: 10 });
    const added = await client.post('/api/cart', { productId: sticker.id, quantity: 2, price: 1 });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ productId: sticker.id, price: 500, quantity: 2, car: null, imageId: null });

    const again = await client.post('/api/cart', { productId: sticker.id, quantity: 1 });
    expect(again.body.id).toBe(added.body.id);
    expect(again.body.quantity).toBe(3);

    const cart = cartSchema.parse((await client.get('/api/cart')).body);
    expect(cart).toHaveLength(1);
  });

  it('adds a print per photo of the car, with car and image, and refuses a photo that is missing or of another car', async () => {
    const { client } = await shopper(t.baseUrl);
    const print = await makeProduct(ds(), { price: 2499, printSize: '12x18', printType: 'Poster Print' });
    const { car, images } = await makeCarWithImages(ds(), 2);
    const other = await makeCarWithImages(ds(), 1);

    for (const image of images) {
      const res = await client.post('/api/cart', {
        carId: car.id,
        imageId: image.id,
        productId: print.id,
        quantity: 1,
        price: 1,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        price: 2499,
        imageId: image.id,
        car: { id: car.id, make: 'Nissan', model: 'Skyline GT-R' },
        image: { url: image.url },
        printSize: '12x18',
        printType: 'Poster Print',
      });
    }
    const wrongCar = await client.post('/api/cart', {
      carId: car.id,
      imageId: other.images[0]?.id,
      productId: print.id,
    });
    expect(wrongCar.status).toBe(400);
    expect(wrongCar.body.message).toBe('That image does not belong to this car');
    const missing = await client.post('/api/cart', { carId: car.id, imageId: 99_999_999, productId: print.id });
    expect(missing.status).toBe(404);
    const noImage = await client.post('/api/cart', { carId: car.id, productId: print.id });
    expect(noImage.status).toBe(400);
    expect(noImage.body.message).toBe('Please select at least one image to purchase.');
    expect((await client.get('/api/cart')).body).toHaveLength(2);
  });

  it('refuses quantity below 1 (400), above stock (409), inactive and unknown products', async () => {
    const { client } = await shopper(t.baseUrl);
    const scarce = await makeProduct(ds(), { isMerch: true, stock: 3, name: 'Scarce cap' });
    const retired = await makeProduct(ds(), { isMerch: true, active: false });

    const zero = await client.post('/api/cart', { productId: scarce.id, quantity: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toMatch(/quantity/i);
    const tooMany = await client.post('/api/cart', { productId: scarce.id, quantity: 4 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe('Only 3 of Scarce cap left in stock');
    const inactive = await client.post('/api/cart', { productId: retired.id, quantity: 1 });
    expect(inactive.status).toBe(409);
    expect((await client.post('/api/cart', { productId: 99_999_999, quantity: 1 })).status).toBe(404);

    const line = await client.post('/api/cart', { productId: scarce.id, quantity: 1 });
    expect((await client.put(`/api/cart/${line.body.id}`, { quantity: 0 })).status).toBe(400);
    expect((await client.put(`/api/cart/${line.body.id}`, { quantity: 4 })).status).toBe(409);
    const ok = await client.put(`/api/cart/${line.body.id}`, { quantity: 3 });
    expect(ok.status).toBe(200);
    expect(ok.body.quantity).toBe(3);
    expect((await client.get('/api/cart')).body).toEqual([expect.objectContaining({ quantity: 3 })]);
  });

  it("keeps each user's lines their own: another user's line id is a 404 and is left alone", async () => {
    const owner = await shopper(t.baseUrl);
    const intruder = await shopper(t.baseUrl);
    const sticker = await makeProduct(ds(), { isMerch: true });
    const line = await owner.client.post('/api/cart', { productId: sticker.id, quantity: 1 });

    expect((await intruder.client.put(`/api/cart/${line.body.id}`, { quantity: 2 })).status).toBe(404);
    expect((await intruder.client.delete(`/api/cart/${line.body.id}`)).status).toBe(404);
    expect((await intruder.client.delete('/api/cart')).status).toBe(200);
    expect((await owner.client.get('/api/cart')).body).toEqual([
      expect.objectContaining({ id: line.body.id, quantity: 1 }),
    ]);

    expect((await owner.client.delete(`/api/cart/${line.body.id}`)).status).toBe(200);
    expect((await owner.client.get('/api/cart')).body).toEqual([]);
  });
});

describe('checkout in test mode', () => {
  it('prices the cart itself: highest shipping fee, the state tax on the subtotal, client amounts ignored', async () => {
    const { client } = await shopper(t.baseUrl);
    const poster = await makeProduct(ds(), { price: 2499, shippingFee: 1000 });
    const canvas = await makeProduct(ds(), { price: 7999, shippingFee: 1500 });
    const sticker = await makeProduct(ds(), { isMerch: true, price: 500, shippingFee: 500 });
    const { car, images } = await makeCarWithImages(ds(), 2);
    await client.post('/api/cart', { carId: car.id, imageId: images[0]?.id, productId: poster.id, quantity: 2 });
    await client.post('/api/cart', { carId: car.id, imageId: images[1]?.id, productId: canvas.id, quantity: 1 });
    await client.post('/api/cart', { productId: sticker.id, quantity: 1 });

    const res = await client.post('/api/create-payment-intent', {
      items: [{ productId: poster.id, quantity: 2, price: 1 }],
      orderInfo: { amount: 1, shipping: 0, tax: 0, total: 1 },
      email: 'dana@example.com',
      shippingAddress: CALIFORNIA,
    });
    expect(res.status).toBe(200);
    const subtotal = 2 * 2499 + 7999 + 500; // 13497
    const tax = Math.round(subtotal * 0.0725); // 978.53 → 979
    expect(res.body).toMatchObject({
      amount: subtotal,
      shipping: 1500,
      tax: 979,
      total: subtotal + 1500 + tax,
      provider: 'test',
    });

    const oregon = await client.post('/api/create-payment-intent', {
      email: 'dana@example.com',
      shippingAddress: { ...CALIFORNIA, state: 'OR' },
    });
    expect(oregon.body).toMatchObject({ tax: 0, total: subtotal + 1500 });
  });

  it('refuses an empty cart and a line above the stock before any payment', async () => {
    const { client } = await shopper(t.baseUrl);
    const empty = await client.post('/api/create-payment-intent', {
      email: 'a@example.com',
      shippingAddress: CALIFORNIA,
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Your cart is empty');

    const cap = await makeProduct(ds(), { isMerch: true, stock: 2, name: 'Last caps' });
    await client.post('/api/cart', { productId: cap.id, quantity: 2 });
    await ds().getRepository(ProductEntity).update({ id: cap.id }, { stock: 1 });
    const short = await client.post('/api/create-payment-intent', {
      email: 'a@example.com',
      shippingAddress: CALIFORNIA,
    });
    expect(short.status).toBe(409);
    expect(short.body.message).toBe('Only 1 of Last caps left in stock');

    const bad = await client.post('/api/create-payment-intent', {
      email: 'a@example.com',
      shippingAddress: { ...CALIFORNIA, line1: '' },
    });
    expect(bad.status).toBe(400);
  });

  it('a declined card shows the provider message and creates no order; 4242 pays and makes exactly one order', async () => {
    const { client } = await shopper(t.baseUrl);
    const sticker = await makeProduct(ds(), {
      isMerch: true,
      price: 500,
      shippingFee: 500,
      stock: 10,
      name: 'Curbside sticker',
    });
    const print = await makeProduct(ds(), { price: 2499, stock: 50, name: 'Poster 12x18' });
    const { car, images } = await makeCarWithImages(ds(), 2);
    for (const image of images)
      await client.post('/api/cart', { carId: car.id, imageId: image.id, productId: print.id, quantity: 1 });
    await client.post('/api/cart', { productId: sticker.id, quantity: 2 });

    const declined = await pay(client, '4000 0000 0000 0002');
    expect(declined.paid.status).toBe(400);
    expect(declined.paid.body.error.message).toBe('Your card was declined.');
    const notPaid = await client.post('/api/payment-orders', { paymentId: declined.intent.paymentId });
    expect(notPaid.status).toBe(409);
    expect((await client.get('/api/user/orders')).body).toEqual([]);
    expect((await client.get('/api/cart')).body).toHaveLength(3);

    const { intent, paid } = await pay(client);
    expect(paid.status).toBe(200);
    const recorded = await client.post('/api/payment-orders', {
      paymentId: intent.paymentId,
      totalAmount: 1,
      subtotalAmount: 1,
      status: 'paid',
    });
    expect(recorded.status).toBe(200); // the test card already made it, as Stripe's webhook would
    const order = paymentOrderRecordSchema.parse(recorded.body);
    expect(order).toMatchObject({
      status: 'paid',
      orderStatus: 'pending',
      subtotal: 2 * 2499 + 2 * 500,
      shipping: 1000,
      tax: Math.round((2 * 2499 + 2 * 500) * 0.0725),
      total: intent.total,
      email: 'dana@example.com',
      shippingAddress: { state: 'CA', city: 'San Francisco', line2: null, country: 'US' },
    });
    expect(order.items).toEqual([
      expect.objectContaining({
        product: { name: 'Poster 12x18', imageUrl: images[0]?.url },
        car: { make: 'Nissan', model: 'Skyline GT-R' },
        printSize: '12x18',
        priceAtPurchase: 2499,
        quantity: 1,
      }),
      expect.objectContaining({
        product: { name: 'Poster 12x18', imageUrl: images[1]?.url },
        priceAtPurchase: 2499,
        quantity: 1,
      }),
      expect.objectContaining({
        product: { name: 'Curbside sticker', imageUrl: sticker.imageUrl },
        car: null,
        priceAtPurchase: 500,
        quantity: 2,
      }),
    ]);

    const mine = await client.get('/api/user/orders');
    expect(mine.body).toHaveLength(1);
    expect(mine.body[0].id).toBe(order.id);
    expect((await client.get('/api/cart')).body).toEqual([]);
    const stock = await ds().getRepository(ProductEntity).findOneByOrFail({ id: sticker.id });
    expect(stock.stock).toBe(8);
    expect((await ds().getRepository(ProductEntity).findOneByOrFail({ id: print.id })).stock).toBe(48);

    const mail = t.mailer.sent.filter((m) => m.to === 'dana@example.com' && m.text.includes(`Order #${order.id}`));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain('Total: $');

    // Again: the same order, nothing new.
    const repeat = await client.post('/api/payment-orders', { paymentId: intent.paymentId });
    expect(repeat.status).toBe(200);
    expect(repeat.body.id).toBe(order.id);
    expect(await ds().getRepository(OrderEntity).countBy({ paymentId: intent.paymentId })).toBe(1);
  });

  it('forged and foreign payment ids create nothing', async () => {
    const buyer = await shopper(t.baseUrl);
    const other = await shopper(t.baseUrl);
    const sticker = await makeProduct(ds(), { isMerch: true, price: 500 });
    await buyer.client.post('/api/cart', { productId: sticker.id, quantity: 1 });
    const { intent } = await pay(buyer.client);

    const forged = await other.client.post('/api/payment-orders', { paymentId: 'test_pi_forged' });
    expect(forged.status).toBe(404);
    const foreign = await other.client.post('/api/payment-orders', { paymentId: intent.paymentId });
    expect(foreign.status).toBe(404);
    expect((await other.client.get('/api/user/orders')).body).toEqual([]);
    const stolenCard = await other.client.trpc('mutation', 'checkout.payWithTestCard', {
      paymentId: intent.paymentId,
      clientSecret: intent.clientSecret,
      cardNumber: '4242424242424242',
    });
    expect(stolenCard.status).toBe(404);
    expect((await buyer.client.get('/api/user/orders')).body).toHaveLength(1);
  });

  it("answers the success page with that payment's order, the same number as the e-mail; a later cart stays", async () => {
    const { client } = await shopper(t.baseUrl);
    const sticker = await makeProduct(ds(), { isMerch: true, price: 500, shippingFee: 500, name: 'Number sticker' });
    await client.post('/api/cart', { productId: sticker.id, quantity: 2 });
    const { intent } = await pay(client);

    // The success page's call, over /trpc as the browser makes it (the test card already made the order).
    const success = await client.trpc('mutation', 'checkout.recordOrder', { paymentId: intent.paymentId });
    expect(success.status).toBe(200);
    const order = paymentOrderRecordSchema.parse(success.body.result.data);
    expect(order.total).toBe(intent.total);
    expect(order.items.map((i) => [i.product.name, i.quantity])).toEqual([['Number sticker', 2]]);
    const number = formatOrderNumber(order.id);
    const mail = t.mailer.sent.find((m) => m.subject.endsWith(`order ${number} confirmed`));
    expect(mail?.text).toContain(`Order ${number}\n`);
    expect((await client.get('/api/user/orders')).body.map((o: { id: number }) => formatOrderNumber(o.id))).toEqual([
      number,
    ]);

    // A new cart, then Back to the success page: the same order again, and the new line is still there.
    await client.post('/api/cart', { productId: sticker.id, quantity: 1 });
    const back = await client.trpc('mutation', 'checkout.recordOrder', { paymentId: intent.paymentId });
    expect(back.status).toBe(200);
    expect(back.body.result.data.id).toBe(order.id);
    expect((await client.get('/api/cart')).body.map((l: { quantity: number }) => l.quantity)).toEqual([1]);
  });

  it("refuses another shopper's payment id on the success page with a human message, changing nothing", async () => {
    const buyer = await shopper(t.baseUrl);
    const other = await shopper(t.baseUrl);
    const sticker = await makeProduct(ds(), { isMerch: true, price: 500 });
    await buyer.client.post('/api/cart', { productId: sticker.id, quantity: 1 });
    const { intent } = await pay(buyer.client);
    await other.client.post('/api/cart', { productId: sticker.id, quantity: 3 });

    for (const paymentId of [intent.paymentId, 'anything']) {
      const refused = await other.client.trpc('mutation', 'checkout.recordOrder', { paymentId });
      expect(refused.status).toBe(404);
      expect(refused.body.error.message).toBe('Payment not found');
      const rest = await other.client.post('/api/payment-orders', { paymentId });
      expect(rest.status).toBe(404);
      expect(rest.body.message).toBe('Payment not found');
    }
    expect((await other.client.get('/api/user/orders')).body).toEqual([]);
    expect((await other.client.get('/api/cart')).body.map((l: { quantity: number }) => l.quantity)).toEqual([3]);
  });

  it('20 concurrent checkouts for a product with stock 5 make exactly 5 orders', async () => {
    const hot = await makeProduct(ds(), { isMerch: true, price: 1500, stock: 5, name: 'Limited hoodie' });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => shopper(t.baseUrl)));
    for (const b of buyers)
      expect((await b.client.post('/api/cart', { productId: hot.id, quantity: 1 })).status).toBe(201);

    const results = await Promise.all(buyers.map((b) => pay(b.client)));
    const paid = results.filter((r) => r.paid.status === 200);
    const refused = results.filter((r) => r.paid.status !== 200);
    expect(paid).toHaveLength(5);
    for (const r of refused) {
      expect(r.paid.status).toBe(409);
      expect(r.paid.body.error.message).toMatch(/Limited hoodie is out of stock\. Your payment has been refunded\./);
    }
    const hoodieOrders = (await Promise.all(buyers.map((b) => b.client.get('/api/user/orders')))).flatMap(
      (r) => r.body,
    );
    expect(hoodieOrders).toHaveLength(5);
    expect((await ds().getRepository(ProductEntity).findOneByOrFail({ id: hot.id })).stock).toBe(0);
  });
});
