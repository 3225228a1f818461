import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { contentTypeOf, isSafeKey } from './storage';

describe('storage keys', () => {
  it('accepts the keys the server makes and refuses anything that could leave the uploads folder', () => {
    expect(isSafeKey('cars/12/3f2a0c1e-0000-4000-8000-000000000000-w400.webp')).toBe(true);
    expect(isSafeKey('demo/cars/nissan-skyline/photo-1.jpg')).toBe(true);
    for (const bad of [
      '',
      '../x.jpg',
      'a/../b.jpg',
      '/etc/passwd',
      'a//b.jpg',
      'a\\b.jpg',
      '.hidden',
      'a/..',
      'x'.repeat(300),
    ]) {
      expect(isSafeKey(bad), bad).toBe(false);
    }
  });

  it('gives the content type by extension', () => {
    expect(contentTypeOf('a/b.JPG')).toBe('image/jpeg');
    expect(contentTypeOf('a/b.webp')).toBe('image/webp');
    expect(contentTypeOf('a/b.exe')).toBe('application/octet-stream');
  });
});

describe('storage configuration', () => {
  const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'curbside-storage-'));

  it('uses DATA_DIR/uploads by default and S3 when a bucket and keys are set', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).storage).toEqual({ kind: 'local', dir: path.join(dir, 'uploads') });
    const s3 = loadConfig({
      DATA_DIR: dir,
      S3_BUCKET: 'photos',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_FORCE_PATH_STYLE: 'true',
    }).storage;
    expect(s3).toEqual({
      kind: 's3',
      endpoint: 'http://minio:9000',
      bucket: 'photos',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    });
  });

  it('stops start-up on a half-configured bucket or a bad endpoint', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'photos' })).toThrow(
      /S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_ENDPOINT: 'minio' })).toThrow(/S3_ENDPOINT: must be a URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
