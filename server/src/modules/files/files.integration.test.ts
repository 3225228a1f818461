import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';

// GET /api/file/{key}: stored uploads, cached for a year, nothing outside the uploads folder.

let t: TestApp;
let jpeg: Buffer;
beforeAll(async () => {
  t = await startTestApp();
  jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
    .jpeg()
    .toBuffer();
  const dir = path.join(t.config.dataDir, 'uploads', 'demo', 'cars', 'x');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'photo-1.jpg'), jpeg);
  writeFileSync(path.join(dir, 'photo-1-w400.webp'), Buffer.from('RIFF0000WEBP'));
  writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'do not serve');
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/file/{key}', () => {
  it('serves a stored file with its type and immutable caching', async () => {
    const res = await fetch(`${t.baseUrl}/api/file/demo/cars/x/photo-1.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(jpeg)).toBe(true);

    const webp = await fetch(`${t.baseUrl}/api/file/demo/cars/x/photo-1-w400.webp`);
    expect(webp.headers.get('content-type')).toBe('image/webp');
  });

  it('responds with 404 JSON for a missing key', async () => {
    const res = await fetch(`${t.baseUrl}/api/file/demo/cars/x/nope.jpg`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: 'File not found' });
  });

  it('never reaches outside the uploads folder', async () => {
    for (const p of [
      '../secret.txt',
      '..%2fsecret.txt',
      '%2e%2e/secret.txt',
      'demo/../../secret.txt',
      '%2fetc/passwd',
    ]) {
      const res = await fetch(`${t.baseUrl}/api/file/${p}`);
      expect(res.status, p).toBe(404);
      expect(await res.text()).not.toContain('do not serve');
    }
  });
});
