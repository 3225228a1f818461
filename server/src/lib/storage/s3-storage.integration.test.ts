import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { startLocalS3 } from '../../../test/local-s3';
import { register } from '../../../test/register';
import { uploadCarImage } from '../../modules/images/upload-test-helpers';
import { S3Storage } from './s3-storage';

// The S3-compatible storage against a local S3 server (s3rver) started here, directly and through the whole app.

const BUCKET = 'curbside-photos';
let s3: Awaited<ReturnType<typeof startLocalS3>>;
let endpoint: string;

beforeAll(async () => {
  s3 = await startLocalS3(BUCKET);
  endpoint = s3.endpoint;
});
afterAll(() => s3?.stop());

const storage = () =>
  new S3Storage({
    endpoint,
    bucket: BUCKET,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
}

describe('S3Storage', () => {
  it('puts (buffer or stream), gets with size and type, tells existence and deletes', async () => {
    const s3 = storage();
    await s3.put('cars/1/a.jpg', Buffer.from('jpeg bytes'));
    await s3.put('cars/1/a-w400.webp', Readable.from([Buffer.from('webp '), Buffer.from('bytes')]));
    expect(await s3.exists('cars/1/a.jpg')).toBe(true);

    const got = await s3.get('cars/1/a-w400.webp');
    assert(got);
    expect(got.size).toBe(10);
    expect(got.contentType).toBe('image/webp');
    expect(await text(got.body)).toBe('webp bytes');

    await s3.delete('cars/1/a.jpg');
    expect(await s3.exists('cars/1/a.jpg')).toBe(false);
    expect(await s3.get('cars/1/a.jpg')).toBeNull();
    await s3.delete('cars/1/a.jpg'); // a missing key is not an error
    s3.destroy();
  });

  it('refuses keys that could escape their folder', async () => {
    const s3 = storage();
    await expect(s3.put('../x.jpg', Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
    await expect(s3.get('/etc/passwd')).rejects.toThrow(/Unsafe storage key/);
    s3.destroy();
  });
});

describe('the app with S3_BUCKET set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores uploads in the bucket, serves them from /api/file and deletes them with the image', async () => {
    expect(t.config.storage.kind).toBe('s3');
    const client = new HttpClient(t.baseUrl);
    const name = unique('s3');
    await register(t, client, { email: `${name}@example.com`, username: name, password: 'hunter22' });
    const car = (
      await client.post('/api/cars', {
        make: 'BMW',
        model: 'M3',
        year: 1988,
        ownerName: 'Jo',
        category: 'Euro',
        legalAgreement: true,
      })
    ).body;
    const jpeg = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#a33' } })
      .jpeg()
      .toBuffer();
    const image = (await uploadCarImage(client, car.id, jpeg)).body;
    const key = image.url.replace('/api/file/', '');
    const s3 = storage();
    expect(await s3.exists(key)).toBe(true);

    const served = await fetch(t.baseUrl + image.variants.w800);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(800);

    expect((await client.delete(`/api/images/${image.id}`)).status).toBe(204);
    expect(await s3.exists(key)).toBe(false);
    expect((await fetch(t.baseUrl + image.url)).status).toBe(404);
    s3.destroy();
  });
});
