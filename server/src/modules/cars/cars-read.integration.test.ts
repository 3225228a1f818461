import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CAR_CARD_IMAGE_SIZES,
  CAR_MAIN_IMAGE_SIZES,
  carListSchema,
  carSchema,
  imageSrcSet,
  qrCodeOutputSchema,
} from '@curbside/shared';
import sharp from 'sharp';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { makeCar, makeImage, makeOwner, pastVotes, storePhoto } from '../../../test/showcase-fixtures';
import type { CarEntity } from './car.entity';

// The read side of cars over HTTP (/api and /trpc), the QR code, and a car page's link-preview HTML and image.

let t: TestApp;
let client: HttpClient;
let skyline: CarEntity;
const tag = unique('zq');

beforeAll(async () => {
  const clientDist = mkdtempSync(path.join(os.tmpdir(), 'curbside-client-'));
  writeFileSync(
    path.join(clientDist, 'index.html'),
    '<html><head><title>Curbside</title><meta name="description" content="default" /></head><body></body></html>',
  );
  t = await startTestApp({ CLIENT_DIST: clientDist, PUBLIC_URL: 'https://curbside.example' });
  client = new HttpClient(t.baseUrl);
  const ds = t.app.services.ds;
  const owner = await makeOwner(ds, { name: 'Jordan Wheels', bio: 'Track days.' });
  skyline = await makeCar(ds, {
    make: `Nissan${tag}`,
    model: 'Skyline GT-R',
    ownerId: owner.id,
    ownerName: 'Jordan Wheels',
    featured: true,
    story: 'S'.repeat(200),
  });
  const second = await makeImage(ds, skyline, { sortOrder: 2, isAdminUploaded: false });
  const primary = await makeImage(ds, skyline, { sortOrder: 5, isPrimary: true });
  await makeImage(ds, skyline, { sortOrder: 1 });
  await storePhoto(t, primary);
  expect(second.id).toBeLessThan(primary.id);
  await makeCar(ds, { make: `Ford${tag}`, model: 'Mustang 100%', category: 'Muscle', ownerName: "O'Brien" });
  await makeCar(ds, { make: `Mazda${tag}`, model: 'RX_7', category: 'JDM', ownerName: 'Kim' });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/cars', () => {
  it('lists cars newest first in the public shape, with images primary first and the owner', async () => {
    const res = await client.get('/api/cars?limit=100');
    expect(res.status).toBe(200);
    const cars = carListSchema.parse(res.body);
    for (const car of res.body) carSchema.strict().parse(car);
    expect(cars.map((c) => c.make)).toEqual([`Mazda${tag}`, `Ford${tag}`, `Nissan${tag}`]);
    const car = cars[2];
    assert(car);
    expect(car.images.map((i) => i.isPrimary)).toEqual([true, false, false]);
    expect(car.images[0]?.variants?.w400).toMatch(/w400/);
    expect(car.ownerDetails).toEqual({
      name: 'Jordan Wheels',
      profilePicture: null,
      role: 'owner',
      bio: 'Track days.',
    });
    expect(car).toMatchObject({ totalVotes: 0, lastMonthVotes: 0, hasVoted: false, featured: true });
    expect(res.text).not.toMatch(/storageKey|passwordHash|ipHash/);
  });

  it('honours limit, featured and category, and refuses a bad limit with a message naming it', async () => {
    expect((await client.get('/api/cars?limit=1')).body).toHaveLength(1);
    const featured = await client.get('/api/cars?featured=true');
    expect(featured.body.map((c: { make: string }) => c.make)).toEqual([`Nissan${tag}`]);
    const muscle = await client.get('/api/cars?category=Muscle');
    expect(muscle.body.map((c: { make: string }) => c.make)).toEqual([`Ford${tag}`]);
    const bad = await client.get('/api/cars?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^limit/);
  });
});

describe('GET /api/cars/search', () => {
  const search = async (q: string) => {
    const res = await client.get(`/api/cars/search?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return carListSchema.parse(res.body).map((c) => c.make);
  };

  it('matches make, model and owner name, ignoring case', async () => {
    expect(await search(`nissan${tag}`.toUpperCase())).toEqual([`Nissan${tag}`]);
    expect(await search('skyline gt')).toEqual([`Nissan${tag}`]);
    expect(await search('jordan WHEELS')).toEqual([`Nissan${tag}`]);
  });

  it('matches the beginnings of words; punctuation only separates words', async () => {
    expect(await search('rx_7')).toEqual([`Mazda${tag}`]);
    expect(await search("o'brien")).toEqual([`Ford${tag}`]);
    expect(await search('mustang 100%')).toEqual([`Ford${tag}`]);
    expect(await search('%')).toEqual([]);
    expect(await search('" OR 1=1 --')).toEqual([]);
  });

  it('asks for a search term', async () => {
    const res = await client.get('/api/cars/search?q=%20');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Please enter a search term');
  });
});

describe('one car', () => {
  it('responds by slug and by id, and with 404 "Car not found" otherwise', async () => {
    const bySlug = await client.get(`/api/cars/${skyline.slug}`);
    expect(bySlug.status).toBe(200);
    expect(carSchema.strict().parse(bySlug.body).id).toBe(skyline.id);
    const byId = await client.get(`/api/cars/by-id/${skyline.id}`);
    expect(byId.body.slug).toBe(skyline.slug);
    for (const path of ['/api/cars/no-such-car', '/api/cars/by-id/999999']) {
      const missing = await client.get(path);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Car not found');
    }
  });

  it("returns a yes/no spec as a boolean, whatever words were stored (the card's Modified tag reads it)", async () => {
    const ds = t.app.services.ds;
    const stored = { Yes: true, no: false, true: true } as const;
    for (const [word, expected] of Object.entries(stored)) {
      const car = await makeCar(ds, { make: `Spec${tag}`, model: word, additionalSpecs: { modified: word } });
      const res = await client.get(`/api/cars/${car.slug}`);
      expect(res.body.additionalSpecs.modified, word).toBe(expected);
    }
  });

  it('is the same car over /trpc', async () => {
    const res = await client.trpc('query', 'cars.bySlug', { slug: skyline.slug });
    expect(res.status).toBe(200);
    expect(res.body.result.data.id).toBe(skyline.id);
  });
});

describe('sharing', () => {
  it("GET /api/qrcode/{slug} responds with a PNG QR code of the car's page; 404 for an unknown car", async () => {
    const res = await client.get(`/api/qrcode/${skyline.slug}`);
    expect(res.status).toBe(200);
    expect(qrCodeOutputSchema.parse(res.body).qrCode).toMatch(/^data:image\/png;base64,/);
    expect((await client.get('/api/qrcode/nope')).status).toBe(404);
  });

  it("serves a car page's HTML with its preview tags", async () => {
    for (const base of ['/cars', '/gallery']) {
      const res = await client.get(`${base}/${skyline.slug}`);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<meta property="og:title" content="1999 Nissan${tag} Skyline GT-R | Curbside" />`);
      expect(res.text).toContain(`<meta property="og:description" content="${'S'.repeat(157)}…" />`);
      expect(res.text).toContain(`<link rel="canonical" href="https://curbside.example/cars/${skyline.slug}" />`);
      expect(res.text).toContain(
        `<meta property="og:image" content="https://curbside.example/api/share-image/${skyline.slug}.jpg" />`,
      );
      expect(res.text).toContain('<meta property="og:image:width" content="1200" />');
      expect(res.text).toContain('<meta name="twitter:card" content="summary_large_image" />');
      expect(res.text).toContain('<meta property="og:site_name" content="Curbside" />');
      expect(res.text.match(/<title>/g)).toHaveLength(1);
    }
    const unknown = await client.get('/cars/no-such-car');
    expect(unknown.status).toBe(404);
    expect(unknown.text).not.toContain('og:title');
  });

  it("asks the browser to fetch the car's primary photo at once, as the page's img will (same srcset and sizes)", async () => {
    const [car] = carListSchema
      .parse((await client.get('/api/cars?limit=100')).body)
      .filter((c) => c.id === skyline.id);
    const primary = car?.images.find((image) => image.isPrimary);
    expect(primary?.variants).toBeTruthy();
    const html = (await client.get(`/cars/${skyline.slug}`)).text;
    const preloads = html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(preloads).toHaveLength(1);
    expect(preloads[0]).toContain(`href="${primary?.variants?.w800}"`);
    expect(preloads[0]).toContain(`imagesrcset="${imageSrcSet(primary ?? {})}"`);
    expect(preloads[0]).toContain(`imagesizes="${CAR_MAIN_IMAGE_SIZES}"`);
  });

  it("starts the home page's first Top Cars of the Month photo with the HTML, once the month has a vote", async () => {
    const before = (await client.get('/')).text;
    expect(before).not.toContain('rel="preload" as="image"');
    await pastVotes(t.app.services, skyline.id, [new Date()]);
    const [car] = carListSchema
      .parse((await client.get('/api/cars?limit=100')).body)
      .filter((c) => c.id === skyline.id);
    const primary = car?.images.find((image) => image.isPrimary);
    const html = (await client.get('/')).text;
    const preloads = html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(preloads).toHaveLength(1);
    expect(preloads[0]).toContain(`href="${primary?.variants?.w800}"`);
    expect(preloads[0]).toContain(`imagesizes="${CAR_CARD_IMAGE_SIZES}"`);
    expect(html).toContain('<title>Curbside</title>');
  });

  it('renders the preview image at 1200×630', async () => {
    const res = await fetch(`${t.baseUrl}/api/share-image/${skyline.slug}.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = sharp(Buffer.from(await res.arrayBuffer()));
    const meta = await jpeg.metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    // Cropped from the car's (red) primary photo, not the plain placeholder.
    const { dominant } = await jpeg.stats();
    expect(dominant.r).toBeGreaterThan(150);
    expect(dominant.g).toBeLessThan(100);
  });
});
