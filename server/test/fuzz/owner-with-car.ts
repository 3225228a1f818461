import { expect } from 'vitest';
import { type TestApp, unique } from '../app';
import { HttpClient } from '../http';
import { register } from '../register';

/**
 * A new account (verified), signed in in a browser of its own, with one car of its own (both fuzz files start from
 * one).
 */
export async function ownerWithCar(
  t: TestApp,
  password: string,
): Promise<{ client: HttpClient; car: { id: number; slug: string } }> {
  const client = new HttpClient(t.baseUrl);
  const name = unique('owner');
  await register(t, client, { email: `${name}@example.com`, username: name, password });
  const car = await client.post('/api/cars', {
    make: 'Mazda',
    model: 'RX-7',
    year: 1993,
    ownerName: 'Ana',
    category: 'JDM',
    legalAgreement: true,
  });
  expect(car.status).toBe(201);
  return { client, car: car.body };
}
