import { LIMITS, MESSAGES } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import type { HttpClient } from '../../../test/http';
import { makeCarWithImages, makeProduct, shopper } from '../checkout/shop-test-fixtures';
import { CartItemEntity } from './cart-item.entity';

// The same line added from many requests at once: one line per (product, photo), by the database's unique key and
// an upsert, with the quantity summed and the per-line cap and the stock still holding. Counted in the database.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const linesOf = (userId: number) =>
  t.app.services.ds.getRepository(CartItemEntity).find({ where: { userId }, order: { id: 'ASC' } });

const addAtOnce = (client: HttpClient, count: number, line: Record<string, number>) =>
  Promise.all(Array.from({ length: count }, () => client.post('/api/cart', line)));

describe('cart lines are unique', () => {
  it('20 adds of the same photo at once make one line with the summed quantity', async () => {
    const { client, id } = await shopper(t.baseUrl);
    const print = await makeProduct(t.app.services.ds, { stock: 100 });
    const { car, images } = await makeCarWithImages(t.app.services.ds, 1);
    const line = { productId: print.id, carId: car.id, imageId: images[0]?.id ?? 0, quantity: 2 };

    const responses = await addAtOnce(client, 20, line);
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(1);
    const lines = await linesOf(id);
    expect(lines.map((l) => l.quantity)).toEqual([40]);
    expect((await client.get('/api/cart')).body).toEqual([expect.objectContaining({ quantity: 40 })]);
  });

  it('20 adds of the same merchandise at once stop at the per-line cap, refusing the rest with its message', async () => {
    const { client, id } = await shopper(t.baseUrl);
    const cap = LIMITS.cartQuantityMax; // 99: 9 adds of 10 fit, then one more would pass it
    const sticker = await makeProduct(t.app.services.ds, { isMerch: true, stock: 1000 });

    const responses = await addAtOnce(client, 20, { productId: sticker.id, quantity: 10 });
    const accepted = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status !== 201);
    expect(accepted).toHaveLength(Math.floor(cap / 10));
    expect(refused.map((r) => [r.status, r.body.message])).toEqual(
      Array(20 - accepted.length).fill([400, MESSAGES.validation.quantityMax]),
    );
    expect((await linesOf(id)).map((l) => l.quantity)).toEqual([Math.floor(cap / 10) * 10]);
  });

  it('20 adds at once never pass the stock, refusing the rest with the stock message', async () => {
    const { client, id } = await shopper(t.baseUrl);
    const scarce = await makeProduct(t.app.services.ds, { isMerch: true, stock: 7, name: 'Scarce decal' });

    const responses = await addAtOnce(client, 20, { productId: scarce.id, quantity: 1 });
    expect(responses.filter((r) => r.status === 201)).toHaveLength(7);
    const refused = responses.filter((r) => r.status !== 201);
    expect(new Set(refused.map((r) => `${r.status} ${r.body.message}`))).toEqual(
      new Set([`409 ${MESSAGES.server.notEnoughStock('Scarce decal', 7)}`]),
    );
    expect((await linesOf(id)).map((l) => l.quantity)).toEqual([7]);
  });

  it('keeps a print line when its photo is deleted, and a new photo of the product still gets its own line', async () => {
    const { client, id } = await shopper(t.baseUrl);
    const print = await makeProduct(t.app.services.ds);
    const { car, images } = await makeCarWithImages(t.app.services.ds, 3);
    for (const image of images) {
      expect((await client.post('/api/cart', { productId: print.id, carId: car.id, imageId: image.id })).status).toBe(
        201,
      );
    }
    // Two photos go: their lines lose the image (ON DELETE SET NULL) but stay two lines, under the unique key.
    await t.app.services.ds.query('DELETE FROM car_images WHERE id IN (?, ?)', [images[0]?.id, images[1]?.id]);
    const again = await client.post('/api/cart', { productId: print.id, carId: car.id, imageId: images[2]?.id });
    expect(again.status).toBe(201);
    expect(again.body.quantity).toBe(2);
    expect((await linesOf(id)).map((l) => [l.imageId, l.quantity])).toEqual([
      [null, 1],
      [null, 1],
      [images[2]?.id, 2],
    ]);
  });
});
