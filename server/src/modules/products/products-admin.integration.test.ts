import { productSchema } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminTestApp } from '../../../test/admin-session';
import type { TestApp } from '../../../test/app';
import type { HttpClient } from '../../../test/http';
import { jpegBytes, multipartPost } from '../images/upload-test-helpers';
import { ProductEntity } from './product.entity';

// Product management over the documented REST paths (part 2 §5 rules).

let t: TestApp;
let admin: HttpClient;
let user: HttpClient;
let skuCounter = 0;

beforeAll(async () => {
  ({ t, admin, user } = await startAdminTestApp());
});
afterAll(async () => {
  await t?.close();
});

const hoodie = () => ({
  name: 'Track Day Hoodie',
  description: 'Heavyweight, embroidered.',
  category: 'apparel',
  price: 4500,
  stock: 12,
  sku: `HOOD-${Date.now()}-${++skuCounter}`,
  isMerch: true,
});

describe('POST /api/products', () => {
  it('creates a product in cents with the documented defaults', async () => {
    const res = await admin.post('/api/products', hoodie());
    expect(res.status).toBe(201);
    const product = productSchema.strict().parse(res.body);
    expect(product).toMatchObject({ price: 4500, shippingFee: 1000, stock: 12, active: true, featured: false });
    const merch = await user.get('/api/merch');
    expect(merch.body.map((p: { id: number }) => p.id)).toContain(product.id);
  });

  it.each([
    [{ price: 0 }, 'price: Price must be at least $0.01'],
    [{ stock: -1 }, 'stock: Stock cannot be negative'],
    [{ shippingFee: -100 }, 'shippingFee: Shipping fee cannot be negative'],
    [{ sku: '  ' }, 'sku: SKU is required'],
    [{ name: '' }, 'name: Product name is required'],
    [{ category: 'hats' }, 'category: Please select a category'],
  ])('refuses %j with its message and stores nothing', async (change, message) => {
    const before = await t.app.services.ds.getRepository(ProductEntity).count();
    const res = await admin.post('/api/products', { ...hoodie(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await t.app.services.ds.getRepository(ProductEntity).count()).toBe(before);
  });

  it('refuses a second product with the same SKU (409), also when two arrive at once', async () => {
    const first = hoodie();
    expect((await admin.post('/api/products', first)).status).toBe(201);
    const again = await admin.post('/api/products', { ...hoodie(), sku: first.sku });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`A product with SKU ${first.sku} already exists`);

    const racing = hoodie();
    const responses = await Promise.all([admin.post('/api/products', racing), admin.post('/api/products', racing)]);
    expect(responses.map((a) => a.status).sort()).toEqual([201, 409]);
  });

  it('is for admins only', async () => {
    const res = await user.post('/api/products', hoodie());
    expect(res.status).toBe(403);
  });
});

describe('PUT and DELETE /api/products/{id}', () => {
  it('toggles Active: an inactive product leaves the public lists but stays in the admin list', async () => {
    const { body: product } = await admin.post('/api/products', hoodie());
    const res = await admin.put(`/api/products/${product.id}`, { active: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: product.id, active: false, name: 'Track Day Hoodie' });

    const ids = (list: { id: number }[]) => list.map((p) => p.id);
    expect(ids((await user.get('/api/products?limit=100')).body)).not.toContain(product.id);
    expect(ids((await user.get('/api/merch')).body)).not.toContain(product.id);
    expect(ids((await admin.get('/api/products?limit=100')).body)).toContain(product.id);
  });

  it('derives the print size and type of a print from its name and category', async () => {
    const { body: print } = await admin.post('/api/products', {
      ...hoodie(),
      name: 'Canvas Print 24x36',
      category: 'canvas',
      isMerch: false,
    });
    const row = await t.app.services.ds.getRepository(ProductEntity).findOneByOrFail({ id: print.id });
    expect(row).toMatchObject({ printSize: '24x36', printType: 'Canvas Print' });
  });

  it('responds with 404 for a product that does not exist, and deletes with 204', async () => {
    expect((await admin.put('/api/products/999999', { active: false })).status).toBe(404);
    const { body: product } = await admin.post('/api/products', hoodie());
    const del = await admin.delete(`/api/products/${product.id}`);
    expect(del.status).toBe(204);
    expect((await admin.delete(`/api/products/${product.id}`)).status).toBe(404);
    expect(await t.app.services.ds.getRepository(ProductEntity).findOneBy({ id: product.id })).toBeNull();
  });

  it('removes a deleted product from carts', async () => {
    const { body: product } = await admin.post('/api/products', hoodie());
    expect((await user.post('/api/cart', { productId: product.id, quantity: 1 })).status).toBe(201);
    await admin.delete(`/api/products/${product.id}`);
    const cart = await user.get('/api/cart');
    expect(cart.body.map((line: { productId: number }) => line.productId)).not.toContain(product.id);
  });
});

describe('POST /api/products/upload-image', () => {
  it('stores the picture and returns a URL the file route serves', async () => {
    const res = await multipartPost(
      admin,
      '/api/products/upload-image',
      {},
      { field: 'image', bytes: await jpegBytes() },
    );
    expect(res.status).toBe(201);
    expect(res.body.imageUrl).toMatch(/^\/api\/file\/products\/.+\.webp$/);
    const file = await fetch(t.baseUrl + res.body.imageUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
  });

  it('refuses a file that is not an image (415) and non-admins (403)', async () => {
    const text = await multipartPost(
      admin,
      '/api/products/upload-image',
      {},
      { field: 'image', bytes: Buffer.from('<svg onload="alert(1)"/>'), name: 'x.jpg' },
    );
    expect(text.status).toBe(415);
    expect(text.body.message).toBe('Please upload an image file');
    const res = await multipartPost(
      user,
      '/api/products/upload-image',
      {},
      { field: 'image', bytes: await jpegBytes() },
    );
    expect(res.status).toBe(403);
  });
});
