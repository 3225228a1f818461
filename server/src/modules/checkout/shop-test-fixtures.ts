import { orderSchema } from '@curbside/shared';
import { CALIFORNIA } from '@curbside/shared/test-fixtures';
import type { DataSource } from 'typeorm';
import { expect } from 'vitest';
import { unique } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { CarEntity } from '../cars/car.entity';
import { CarImageEntity } from '../cars/car-image.entity';
import { ProductEntity } from '../products/product.entity';

// Data for the shop's integration tests: products, a car with photos, and signed-in shoppers. The shipping address
// is the one the client's tests use too.
export { CALIFORNIA } from '@curbside/shared/test-fixtures';

export async function makeProduct(ds: DataSource, fields: Partial<ProductEntity> = {}): Promise<ProductEntity> {
  const repo = ds.getRepository(ProductEntity);
  return repo.save(
    repo.create({
      name: `Product ${unique('p')}`,
      description: 'A test product',
      category: fields.isMerch ? 'merchandise' : 'poster',
      price: 2499,
      shippingFee: 1000,
      stock: 100,
      sku: unique('SKU-'),
      imageUrl: '/api/file/test/product.jpg',
      featured: false,
      active: true,
      isMerch: false,
      printSize: fields.isMerch ? null : '12x18',
      printType: fields.isMerch ? null : 'Poster Print',
      ...fields,
    }),
  );
}

export async function makeCarWithImages(
  ds: DataSource,
  count = 2,
): Promise<{ car: CarEntity; images: CarImageEntity[] }> {
  const car = await ds.getRepository(CarEntity).save(
    ds.getRepository(CarEntity).create({
      slug: unique('car-'),
      make: 'Nissan',
      model: 'Skyline GT-R',
      year: 1999,
      category: 'JDM',
      story: null,
      specs: null,
      ownerName: 'Test Owner',
      ownerId: null,
      additionalSpecs: null,
      legalAgreement: true,
    }),
  );
  const images: CarImageEntity[] = [];
  for (let i = 0; i < count; i++) {
    images.push(
      await ds.getRepository(CarImageEntity).save(
        ds.getRepository(CarImageEntity).create({
          carId: car.id,
          storageKey: `test/${car.slug}/${i}.jpg`,
          url: `/api/file/test/${car.slug}/${i}.jpg`,
          width: 1200,
          height: 800,
          variants: null,
          isPrimary: i === 0,
          isAdminUploaded: false,
          caption: null,
          fileSize: 1000,
          sortOrder: i,
          uploadedById: null,
        }),
      ),
    );
  }
  return { car, images };
}

export async function shopper(baseUrl: string): Promise<{ client: HttpClient; id: number; email: string }> {
  const client = new HttpClient(baseUrl);
  const name = unique('shop');
  const email = `${name}@example.com`;
  const res = await client.post('/api/register', {
    email,
    username: name,
    password: 'hunter22',
    name: `Shopper ${name}`,
  });
  expect(res.status).toBe(201);
  return { client, id: res.body.id as number, email };
}

/** The shopper pays for their cart with the test card, shipping to California; returns the order made. */
export async function payCartWithTestCard(shopper: { client: HttpClient; email: string }) {
  const intent = await shopper.client.post('/api/create-payment-intent', {
    email: shopper.email,
    shippingAddress: CALIFORNIA,
  });
  expect(intent.status).toBe(200);
  const paid = await shopper.client.trpc('mutation', 'checkout.payWithTestCard', {
    paymentId: intent.body.paymentId,
    clientSecret: intent.body.clientSecret,
    cardNumber: '4242 4242 4242 4242',
  });
  expect(paid.status).toBe(200);
  return { order: orderSchema.parse(paid.body.result.data), paymentId: intent.body.paymentId as string };
}
