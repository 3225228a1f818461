import { expect } from 'vitest';
import { unique } from '../app';
import { HttpClient } from '../http';

/** A new account, signed in in a browser of its own, with one car of its own (both fuzz files start from one). */
export async function ownerWithCar(
  baseUrl: string,
  password: string,
): Promise<{ client: HttpClient; car: { id: number; slug: string } }> {
  const client = new HttpClient(baseUrl);
  const name = unique('owner');
  const registered = await client.post('/api/register', { email: `${name}@example.com`, username: name, password });
  expect(registered.status).toBe(201);
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
