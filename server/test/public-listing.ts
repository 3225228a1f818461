import { type Car, carListSchema, carSchema, topCarsOutputSchema } from '@curbside/shared';
import { expect } from 'vitest';
import type { TestApp } from './app';
import { HttpClient } from './http';

// Where a visitor finds a car (the listing rules: a photo, an owner not suspended): what several suites check alike.

/** Submits a car as `client` (a verified member) and returns it as the server answered. */
export async function submitCar(client: HttpClient, model: string): Promise<Car> {
  const res = await client.post('/api/cars', {
    make: 'Honda',
    model,
    year: 1999,
    ownerName: 'Rin',
    category: 'JDM',
    legalAgreement: true,
  });
  expect(res.status).toBe(201);
  return carSchema.parse(res.body);
}

/**
 * What a visitor sees of the car: in the gallery, the search, the all-time and monthly leaderboards, its page and the
 * sitemap.
 */
export async function visitorSees(t: Pick<TestApp, 'baseUrl'>, slug: string, model: string) {
  const visitor = new HttpClient(t.baseUrl);
  const gallery = carListSchema.parse((await visitor.get('/api/cars?limit=50')).body);
  const search = carListSchema.parse((await visitor.get(`/api/cars/search?q=${encodeURIComponent(model)}`)).body);
  const top = topCarsOutputSchema.parse((await visitor.get('/api/cars/top?period=all')).body);
  const month = topCarsOutputSchema.parse((await visitor.get('/api/cars/top?period=month')).body);
  const page = await visitor.get(`/api/cars/${slug}`);
  // Every car page of the sitemap index (one here: the test's cars fit in the first range of ids).
  const index = String((await visitor.get('/sitemap.xml')).body);
  const sitemapPages = [...index.matchAll(/<loc>[^<]*(\/sitemap-cars-\d+\.xml)<\/loc>/g)].map((m) => m[1] as string);
  const sitemap = (await Promise.all(sitemapPages.map(async (path) => String((await visitor.get(path)).body)))).join(
    '',
  );
  return {
    gallery: gallery.some((car) => car.slug === slug),
    search: search.some((car) => car.slug === slug),
    leaderboard: top.some((car) => car.slug === slug),
    monthlyLeaderboard: month.some((car) => car.slug === slug),
    page: page.status,
    sitemap: sitemap.includes(slug),
    pageMessage: page.body?.message,
  };
}
