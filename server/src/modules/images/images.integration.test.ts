import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { carImageSchema, LIMITS, MESSAGES, SERVER_LIMITS } from '@curbside/shared';
import sharp from 'sharp';
import { afterAll, assert, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { inlineRefs } from '../../../test/openapi-doc';
import { register } from '../../../test/register';
import { streamToBuffer } from '../../lib/rendition';
import { LocalStorage, type Storage } from '../../lib/storage';
import { CarEntity } from '../cars/car.entity';
import { CarImageEntity } from '../cars/car-image.entity';
import { ImagesService } from './images.service';
import { jpegBytes, multipartPost, uploadCarImage } from './upload-test-helpers';

// Photo uploads end to end: type by bytes, size limits, re-encoding, variants, primary rules and no orphan files.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
const tmpDir = () => path.join(t.config.dataDir, 'tmp');

/** Every file under a directory, as relative paths. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

async function ownerWithCar() {
  const client = new HttpClient(t.baseUrl);
  const name = unique('img');
  await register(t, client, { email: `${name}@example.com`, username: name, password: 'hunter22' });
  const car = await client.post('/api/cars', {
    make: 'Mazda',
    model: 'RX-7',
    year: 1993,
    ownerName: 'Ana',
    category: 'JDM',
    legalAgreement: true,
  });
  expect(car.status).toBe(201);
  return { client, carId: car.body.id as number };
}

/** The car as its owner sees it (My Vehicles): a car without a photo yet is not public. */
const ownCar = async (client: HttpClient, carId: number) =>
  ((await client.get('/api/owner/cars')).body as { id: number; slug: string; images: unknown[] }[]).find(
    (car) => car.id === carId,
  );
const imagesOf = async (client: HttpClient, carId: number) =>
  (await ownCar(client, carId))?.images as { id: number; isPrimary: boolean }[];

/** The upload of `bytes` to the car is refused with `status` and `message`: no new row, stored file or temp file. */
async function expectRefused(
  car: { client: HttpClient; carId: number },
  bytes: Buffer | Blob,
  name: string,
  status: number,
  message: string,
) {
  const [rowsBefore, filesBefore] = [await imagesOf(car.client, car.carId), filesUnder(uploadsDir())];
  const res = await uploadCarImage(car.client, car.carId, bytes, false, name);
  expect(res.status).toBe(status);
  expect(res.body.message).toBe(message);
  expect(await imagesOf(car.client, car.carId)).toEqual(rowsBefore);
  expect(filesUnder(uploadsDir())).toEqual(filesBefore);
  expect(filesUnder(tmpDir())).toEqual([]);
}

describe('POST /api/images', () => {
  it('stores a re-encoded JPEG and 400/800/1600 WebP variants, served from /api/file', async () => {
    const { client, carId } = await ownerWithCar();
    const res = await uploadCarImage(client, carId, await jpegBytes(2000, 1200), false);
    expect(res.status).toBe(201);
    const image = carImageSchema.parse(res.body);
    expect(image.isPrimary).toBe(true); // the first image of a car is its primary
    // The public URL is the largest rendition; the original is kept for prints only (see "keeps the original…").
    expect(image.url).toMatch(new RegExp(`^/api/file/cars/${carId}/[0-9a-f-]{36}-w1600\\.webp$`));
    expect(image.url).toBe(image.variants?.w1600);
    const widths: Record<string, number> = { w400: 400, w800: 800, w1600: 1600 };
    for (const [name, width] of Object.entries(widths)) {
      const url = image.variants?.[name as 'w400'];
      expect(url).toMatch(new RegExp(`-${name}\\.webp$`));
      assert(url);
      const file = await fetch(t.baseUrl + url);
      expect(file.headers.get('content-type')).toBe('image/webp');
      expect(file.headers.get('cache-control')).toContain('immutable');
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
    }
  });

  it('keeps the original for prints: /api/file answers 404 for it, while the public URL is the 1600 px rendition', async () => {
    const { client, carId } = await ownerWithCar();
    const res = await uploadCarImage(client, carId, await jpegBytes(2400, 1600), false);
    expect(res.status).toBe(201);
    const row = await t.app.services.ds.getRepository(CarImageEntity).findOneByOrFail({ id: res.body.id });
    expect(row.storageKey).toMatch(/\.jpg$/);
    const original = await fetch(`${t.baseUrl}/api/file/${row.storageKey}`);
    expect([original.status, ((await original.json()) as { message: string }).message]).toEqual([
      404,
      'File not found',
    ]);
    const shown = await fetch(t.baseUrl + res.body.url);
    expect(shown.status).toBe(200);
    expect(await sharp(Buffer.from(await shown.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 1600,
    });
    // The original is still stored, for the print download and the share and meet-card renditions.
    expect(await t.app.services.storage.get(row.storageKey)).not.toBeNull();
  });

  it('applies the EXIF orientation and strips all metadata, GPS included', async () => {
    const { client, carId } = await ownerWithCar();
    const tagged = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#36c' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Artist: 'SECRET-ARTIST' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 52/1 0/1' },
      })
      .toBuffer();
    expect(tagged.includes('SECRET-ARTIST')).toBe(true);
    const res = await uploadCarImage(client, carId, tagged);
    expect(res.status).toBe(201);
    const stored = Buffer.from(await (await fetch(t.baseUrl + res.body.url)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([200, 300]); // turned upright
    expect(stored.includes('SECRET-ARTIST')).toBe(false);
    expect(stored.includes('GPS')).toBe(false);
  });

  it('refuses a text file renamed .jpg (and an SVG) with 415, leaving no row and no file', async () => {
    const { client, carId } = await ownerWithCar();
    const before = filesUnder(uploadsDir());
    const text = await multipartPost(
      client,
      '/api/images',
      { carId: String(carId) },
      { field: 'image', bytes: Buffer.from('just some text, honestly'), name: 'car.jpg', type: 'image/jpeg' },
    );
    expect(text.status).toBe(415);
    expect(text.body.message).toBe('Please upload an image file');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    expect((await uploadCarImage(client, carId, svg, false, 'car.png')).status).toBe(415);
    // A real JPEG header with the body cut off.
    const cut = (await jpegBytes(800, 600)).subarray(0, 400);
    expect((await uploadCarImage(client, carId, cut)).status).toBe(415);
    expect(await imagesOf(client, carId)).toEqual([]);
    expect(filesUnder(uploadsDir())).toEqual(before);
    expect(filesUnder(tmpDir())).toEqual([]);
  });

  it('refuses a photo over 50 MB with 413 and a message, keeping nothing', async () => {
    const big = new Blob([await jpegBytes(), new Uint8Array(60 * 1024 * 1024)], { type: 'image/jpeg' });
    await expectRefused(await ownerWithCar(), big, 'photo.jpg', 413, 'The file is too large (maximum 50MB)');
  });

  it('refuses a picture over 40 megapixels (a 45 MP camera frame) with 413 naming the cap, keeping nothing', async () => {
    const huge = await sharp({ create: { width: 8200, height: 5500, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    await expectRefused(await ownerWithCar(), huge, 'huge.jpg', 413, 'The image is too large (maximum 40 megapixels)');
  });

  it('takes a smooth 6 MP photo (a sky: ~250 times smaller than its pixels) and refuses a PNG bomb (~1000 times)', async () => {
    const car = await ownerWithCar();
    const [width, height] = [3000, 2000];
    const sky = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>` +
        '<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4a7bd0"/>' +
        '<stop offset="1" stop-color="#f0c080"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#sky)"/>' +
        `<circle cx="1000" cy="1000" r="500" fill="#a02020"/></svg>`,
    );
    const photo = await sharp(sky).jpeg({ quality: 85 }).toBuffer();
    const photoRatio = (width * height * 3) / photo.length;
    expect(photoRatio).toBeGreaterThan(150);
    expect(photoRatio).toBeLessThan(SERVER_LIMITS.imageMaxExpansion);
    const taken = await uploadCarImage(car.client, car.carId, photo, false, 'sky.jpg');
    expect(taken.status).toBe(201);
    // The original as stored (kept for prints; the public URL is a rendition).
    const row = await t.app.services.ds.getRepository(CarImageEntity).findOneByOrFail({ id: taken.body.id });
    const original = await t.app.services.storage.get(row.storageKey);
    assert(original);
    const stored = await streamToBuffer(original.body);
    expect(await sharp(stored).metadata()).toMatchObject({ width: 3000, height: 2000 });

    // 8 megapixels of one colour in 23 KB: within the pixel cap, but no photo packs that tight.
    const bomb = await sharp({ create: { width: 4000, height: 2000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect((4000 * 2000 * 3) / bomb.length).toBeGreaterThan(SERVER_LIMITS.imageMaxExpansion);
    await expectRefused(car, bomb, 'bomb.png', 413, MESSAGES.server.imageOverCompressed);
  });

  it('needs sign-in, a car id, an existing car and the image field', async () => {
    const { client, carId } = await ownerWithCar();
    expect((await uploadCarImage(new HttpClient(t.baseUrl), carId, await jpegBytes())).status).toBe(401);
    expect((await uploadCarImage(client, 999999, await jpegBytes())).status).toBe(404);
    const noCar = await multipartPost(client, '/api/images', {}, { field: 'image', bytes: await jpegBytes() });
    expect(noCar.status).toBe(400);
    expect(noCar.body.message).toMatch(/^carId: /);
    const wrongField = await multipartPost(
      client,
      '/api/images',
      { carId: String(carId) },
      { field: 'photo', bytes: await jpegBytes() },
    );
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toMatch(/^image: /);
    expect(filesUnder(tmpDir())).toEqual([]);
  });

  it('accepts multipart only on the upload routes', async () => {
    const { client } = await ownerWithCar();
    const res = await multipartPost(client, '/api/cars', { make: 'x' }, { field: 'image', bytes: await jpegBytes() });
    expect(res.status).toBe(415);
  });
});

describe('primary image rules', () => {
  it('keeps exactly one primary: a new primary upload or PATCH clears the others', async () => {
    const { client, carId } = await ownerWithCar();
    const a = (await uploadCarImage(client, carId, await jpegBytes())).body;
    const b = (await uploadCarImage(client, carId, await jpegBytes())).body;
    expect(b.isPrimary).toBe(false);
    const c = (await uploadCarImage(client, carId, await jpegBytes(), true)).body;
    expect(c.isPrimary).toBe(true);
    expect((await imagesOf(client, carId)).filter((i) => i.isPrimary).map((i) => i.id)).toEqual([c.id]);

    const res = await client.request('PATCH', `/api/images/${b.id}/primary`, { carId });
    expect(res.status).toBe(200);
    expect(res.body.filter((i: { isPrimary: boolean }) => i.isPrimary).map((i: { id: number }) => i.id)).toEqual([
      b.id,
    ]);
    const images = await imagesOf(client, carId);
    expect(images[0]).toMatchObject({ id: b.id, isPrimary: true });
    expect(images.filter((i) => i.isPrimary)).toHaveLength(1);
    expect(images.map((i) => i.id).sort()).toEqual([a.id, b.id, c.id].sort());

    const other = await ownerWithCar();
    const foreign = await client.request('PATCH', `/api/images/${a.id}/primary`, { carId: other.carId });
    expect(foreign.status).toBe(403); // not my car
    const mismatch = await other.client.request('PATCH', `/api/images/${a.id}/primary`, { carId: other.carId });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('That image does not belong to this car');
  });

  it('keeps one primary when several first photos arrive at once', async () => {
    const { client, carId } = await ownerWithCar();
    const bytes = await jpegBytes();
    const results = await Promise.all([1, 2, 3].map(() => uploadCarImage(client, carId, bytes, true)));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    const images = await imagesOf(client, carId);
    expect(images).toHaveLength(3);
    expect(images.filter((i) => i.isPrimary)).toHaveLength(1);
  });

  it('refuses to delete the primary while others exist (409), deletes others and their files, 404 when gone', async () => {
    const { client, carId } = await ownerWithCar();
    const primary = (await uploadCarImage(client, carId, await jpegBytes())).body;
    const second = (await uploadCarImage(client, carId, await jpegBytes())).body;

    const refused = await client.delete(`/api/images/${primary.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Choose another primary image before deleting this one');

    const urls = [second.url, ...Object.values(second.variants)] as string[];
    expect((await client.delete(`/api/images/${second.id}`)).status).toBe(204);
    for (const url of urls) expect((await fetch(t.baseUrl + url)).status).toBe(404);
    const gone = await client.delete(`/api/images/${second.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Image not found');

    // The last image may go, primary or not.
    expect((await client.delete(`/api/images/${primary.id}`)).status).toBe(204);
    expect(await imagesOf(client, carId)).toEqual([]);
    expect(filesUnder(path.join(uploadsDir(), 'cars', String(carId)))).toEqual([]);
  });
});

describe('when photos arrive faster than the server can process them', () => {
  /** Takes every running slot of the app's image queue (and `fill` places in its line) until the test lets go. */
  function holdQueue(fill = 0) {
    const queue = t.app.services.imageQueue;
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const jobs = Array.from({ length: queue.limits.running + fill }, () => queue.run(() => held));
    expect([queue.running, queue.waiting]).toEqual([queue.limits.running, fill]);
    return {
      queue,
      release: async () => {
        letGo();
        await Promise.all(jobs);
      },
    };
  }

  it('responds with 503, Retry-After and a message beyond the line, stores the rest, keeps nothing of the refused', async () => {
    const { client, carId } = await ownerWithCar();
    const bytes = await jpegBytes();
    const before = filesUnder(uploadsDir());
    const { queue, release } = holdQueue();
    const responses: Awaited<ReturnType<typeof uploadCarImage>>[] = [];
    const uploads = Array.from({ length: 20 }, () =>
      uploadCarImage(client, carId, bytes).then((response) => {
        responses.push(response);
        return response;
      }),
    );
    // Every upload has either got its response or is in line (none can run while the slots are held).
    await vi.waitFor(() => expect(responses.length + queue.waiting).toBe(20), { timeout: 30_000, interval: 10 });
    expect(queue.waiting).toBe(queue.limits.waiting);
    expect(responses).toHaveLength(20 - queue.limits.waiting);
    for (const response of responses) {
      expect(response.status).toBe(503);
      expect(response.body.message).toBe('The server is busy processing photos. Please try again in a few seconds.');
      expect(response.headers.get('retry-after')).toBe(String(SERVER_LIMITS.imageBusyRetrySeconds));
    }
    expect(await imagesOf(client, carId)).toEqual([]);
    expect(filesUnder(uploadsDir())).toEqual(before);

    await release();
    const statuses = (await Promise.all(uploads)).map((response) => response.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(queue.limits.waiting);
    expect(statuses.filter((s) => s === 503)).toHaveLength(20 - queue.limits.waiting);
    expect(await imagesOf(client, carId)).toHaveLength(queue.limits.waiting);
    // Four files (the original and three widths) per stored photo, none for the refused ones.
    expect(filesUnder(uploadsDir()).filter((f) => !before.includes(f))).toHaveLength(queue.limits.waiting * 4);
    expect(filesUnder(tmpDir())).toEqual([]);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it("draws a car's share preview in the same queue: 503 with Retry-After while it is full", async () => {
    const { client, carId } = await ownerWithCar();
    expect((await uploadCarImage(client, carId, await jpegBytes(1200, 800))).status).toBe(201);
    const slug = (await ownCar(client, carId))?.slug as string;
    const { queue, release } = holdQueue(t.app.services.imageQueue.limits.waiting);
    const busy = await fetch(`${t.baseUrl}/api/share-image/${slug}.jpg`);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe(String(SERVER_LIMITS.imageBusyRetrySeconds));
    expect(((await busy.json()) as { message: string }).message).toBe(MESSAGES.server.imagesBusy);
    await release();
    const drawn = await fetch(`${t.baseUrl}/api/share-image/${slug}.jpg`);
    expect(drawn.status).toBe(200);
    expect(await sharp(Buffer.from(await drawn.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: LIMITS.sharePreviewWidth,
    });
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });
});

describe('a failure after the files are written', () => {
  it('removes the files when the row cannot be written (the car was deleted meanwhile)', async () => {
    const { carId } = await ownerWithCar();
    const owner = await t.app.services.ds.getRepository(CarEntity).findOneByOrFail({ id: carId });
    const disk = new LocalStorage(uploadsDir());
    let puts = 0;
    // Storage that lets an admin delete the car just as the last variant is written.
    const racing: Storage = {
      ...disk,
      get: (key) => disk.get(key),
      exists: (key) => disk.exists(key),
      delete: (key) => disk.delete(key),
      check: () => disk.check(),
      put: async (key, body) => {
        await disk.put(key, body);
        if (++puts === 4) await t.app.services.ds.getRepository(CarEntity).delete({ id: carId });
      },
    };
    const images = new ImagesService({
      ds: t.app.services.ds,
      storage: racing,
      imageQueue: t.app.services.imageQueue,
      photoMatches: t.app.services.photoMatches,
    });
    const file = path.join(t.config.dataDir, 'race.jpg');
    writeFileSync(file, await jpegBytes());
    assert(owner.ownerId !== null);
    await expect(images.addCarImage({ id: owner.ownerId, admin: false }, carId, true, file)).rejects.toThrow(
      'Car not found',
    );
    expect(puts).toBe(4);
    expect(filesUnder(path.join(uploadsDir(), 'cars', String(carId)))).toEqual([]);
    expect(await t.app.services.ds.getRepository(CarImageEntity).countBy({ carId })).toBe(0);
  });
});

describe('the API document', () => {
  it('publishes the multipart uploads and the image calls', async () => {
    const doc = inlineRefs((await new HttpClient(t.baseUrl).get('/api/openapi.json')).body);
    const upload = doc.paths['/images'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
    expect(upload.requestBody.content['multipart/form-data'].schema.required).toEqual(['image', 'carId']);
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['201', '413', '415', '503']));
    expect(upload.responses['503'].headers['Retry-After']).toBeTruthy();
    expect(doc.paths['/profile/picture'].post.requestBody.content['multipart/form-data']).toBeTruthy();
    expect(doc.paths['/images/{id}/primary'].patch).toBeTruthy();
    expect(doc.paths['/images/{id}'].delete.responses['204']).toBeTruthy();
  });
});

describe('the tRPC side', () => {
  it('sets the primary and deletes through the same procedures the page uses', async () => {
    const { client, carId } = await ownerWithCar();
    const a = (await uploadCarImage(client, carId, await jpegBytes())).body;
    const b = (await uploadCarImage(client, carId, await jpegBytes())).body;
    const set = await client.trpc('mutation', 'images.setPrimary', { id: b.id, carId });
    expect(set.status).toBe(200);
    const del = await client.trpc('mutation', 'images.delete', { id: a.id });
    expect(del.status).toBe(200);
    expect((await imagesOf(client, carId)).map((i) => i.id)).toEqual([b.id]);
  });
});
