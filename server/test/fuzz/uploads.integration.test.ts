import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { carImageSchema, LIMITS, MESSAGES, SERVER_LIMITS, userSchema } from '@curbside/shared';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PROPERTY_SEED } from '../../../shared/src/test-arbitraries';
import { CarImageEntity } from '../../src/modules/cars/car-image.entity';
import { startTestApp, type TestApp, unique } from '../app';
import { HttpClient } from '../http';
import { inlineRefs } from '../openapi-doc';
import { ownerWithCar } from './owner-with-car';

// Hostile uploads on every multipart route: forged types, truncated files, decompression bombs, oversized files,
// polyglots and file-name tricks. Each is refused (with a status and a message, and nothing stored: no file under
// the uploads directory, no temp file, no image row, no new profile picture) or neutralised (re-encoded by the
// server, under a name of its own, with nothing of the sender's bytes beyond the picture). Test images are made
// here with sharp, or crafted byte by byte.

const ADMIN = { email: `${unique('upboss')}@example.com`, password: 'admin-password-1' };
const S = MESSAGES.server;

let t: TestApp;
let owner: HttpClient;
let admin: HttpClient;
let carId: number;

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  admin = new HttpClient(t.baseUrl);
  expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
  const made = await ownerWithCar(t, 'hunter22');
  owner = made.client;
  carId = made.car.id;
});
afterAll(async () => {
  await t?.close();
});

// ---- Sending ----------------------------------------------------------------------------------------------------

interface Route {
  url: string;
  field: string;
  fields: () => Record<string, string>;
  client: () => HttpClient;
  maxBytes: number;
}

const ROUTES: [Route, Route, ...Route[]] = [
  {
    url: '/api/images',
    field: 'image',
    fields: () => ({ carId: String(carId) }),
    client: () => owner,
    maxBytes: LIMITS.photoMaxBytes,
  },
  {
    url: '/api/profile/picture',
    field: 'profilePicture',
    fields: () => ({}),
    client: () => owner,
    maxBytes: LIMITS.avatarMaxBytes,
  },
  {
    url: '/api/products/upload-image',
    field: 'image',
    fields: () => ({}),
    client: () => admin,
    maxBytes: LIMITS.photoMaxBytes,
  },
  {
    url: '/api/upload/advertisement',
    field: 'image',
    fields: () => ({ type: 'banner' }),
    client: () => admin,
    maxBytes: LIMITS.photoMaxBytes,
  },
];
const [carPhotos] = ROUTES;

const BOUNDARY = '----curbside-upload-fuzz';

/**
 * A multipart body written byte by byte, so a file name reaches the server exactly as given (a browser's FormData
 * would escape quotes and line breaks).
 */
function multipartBody(
  fields: Record<string, string> | [string, string][],
  file?: { field: string; name: string; bytes: Buffer; type?: string },
) {
  const parts: Buffer[] = [];
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields)) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

// biome-ignore lint/suspicious/noExplicitAny: responses are inspected loosely, like HttpClient's
type UploadResponse = { status: number; body: any; text: string };

async function post(client: HttpClient, url: string, body: Buffer, contentType: string): Promise<UploadResponse> {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (client.cookie) headers.cookie = client.cookie;
  const res = await fetch(t.baseUrl + url, { method: 'POST', body: new Uint8Array(body), headers });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed, text };
}

function upload(route: Route, bytes: Buffer, name = 'photo.jpg', type?: string) {
  const body = multipartBody(route.fields(), { field: route.field, name, bytes, type });
  return post(route.client(), route.url, body, `multipart/form-data; boundary=${BOUNDARY}`);
}

// ---- What is stored ---------------------------------------------------------------------------------------------

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

/** Everything an upload can leave behind: files in the data directory, image rows, the owner's picture. */
async function stored() {
  const me = await owner.get('/api/user');
  return {
    files: filesUnder(t.config.dataDir).filter((f) => !f.startsWith('outbox')),
    imageRows: await t.app.services.ds.getRepository(CarImageEntity).count(),
    picture: me.body.profilePicture as string | null,
  };
}

/** The call was refused with `status` and a message, and left nothing behind (no temp file either). */
async function expectRefusedKeepingNothing(
  call: () => Promise<{ status: number; body: { message?: unknown } }>,
  status: number,
  message?: string | RegExp,
) {
  const before = await stored();
  const res = await call();
  expect(res.status).toBe(status);
  expect(res.body.message).toEqual(expect.any(String));
  if (message) expect(res.body.message).toMatch(message);
  expect(await stored()).toEqual(before);
  expect(filesUnder(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
}

// ---- Test pictures ----------------------------------------------------------------------------------------------

type Format = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';
const FORMATS: Format[] = ['jpeg', 'png', 'webp', 'gif', 'avif'];

/** A 640×480 picture with some structure (a flat colour compresses to almost nothing). */
function picture(format: Format | 'tiff', width = 640, height = 480): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#c03030' } }).composite([
    { input: { create: { width: 200, height: 100, channels: 3, background: '#30c030' } }, left: 40, top: 60 },
  ]);
  return image.toFormat(format).toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  // & 0xff always indexes one of the 256 entries: the ?? 0 never applies.
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of a few hundred bytes whose header claims width × height pixels (only the first row's data follows). */
function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(Math.min(width, 100_000) + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real JPEG whose frame header (SOF0) is rewritten to claim width × height. */
async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer(),
  );
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  expect(sof).toBeGreaterThan(0);
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

/** The stored file behind an /api/file URL, straight from the uploads directory. */
async function storedBytes(url: string): Promise<Buffer> {
  const res = await fetch(t.baseUrl + url);
  expect(res.status).toBe(200);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('content-type')).toMatch(/^image\/(jpeg|webp)$/);
  return Buffer.from(await res.arrayBuffer());
}

// ---- The tests --------------------------------------------------------------------------------------------------

describe.each(ROUTES)('POST $url', (route) => {
  it('refuses files whose bytes are not an accepted picture, whatever their name and type say (415)', async () => {
    const forged: [string, Buffer, string][] = [
      ['text named .jpg', Buffer.from('just some text, honestly'), 'car.jpg'],
      [
        'HTML behind a JPEG marker',
        Buffer.from('\xff\xd8\xff\xe0<html><script>alert(1)</script></html>', 'latin1'),
        'car.jpg',
      ],
      [
        'PNG signature then junk',
        Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(500, 7)]),
        'car.png',
      ],
      ['GIF header then script', Buffer.from('GIF89a<script>alert(1)</script>'), 'car.gif'],
      [
        'RIFF/WEBP header then junk',
        Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(64, 1)]),
        'car.webp',
      ],
      [
        'SVG with a script',
        Buffer.from(
          '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script></svg>',
        ),
        'car.png',
      ],
      ['PDF', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'car.jpg'],
      ['ZIP', Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(100)]), 'car.jpg'],
      ['ELF executable', Buffer.concat([Buffer.from('\x7fELF', 'latin1'), Buffer.alloc(100)]), 'car.jpg'],
      ['empty file', Buffer.alloc(0), 'car.jpg'],
      ['a real TIFF (a format sharp reads but the site does not take)', await picture('tiff'), 'car.tiff'],
    ];
    for (const [, bytes, name] of forged) {
      await expectRefusedKeepingNothing(() => upload(route, bytes, name, 'image/jpeg'), 415, S.imageOnly);
    }
  });

  it("refuses random bytes behind a picture format's magic number (415)", async () => {
    const magic = fc.constantFrom(
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
      Buffer.from('GIF89a'),
      Buffer.from('RIFF\x00\x00\x00\x00WEBP', 'latin1'),
      Buffer.from('\x00\x00\x00\x1cftypavif', 'latin1'),
    );
    await fc.assert(
      fc.asyncProperty(magic, fc.uint8Array({ maxLength: 2000 }), async (head, tail) => {
        await expectRefusedKeepingNothing(() => upload(route, Buffer.concat([head, tail])), 415, S.imageOnly);
      }),
      { seed: PROPERTY_SEED, numRuns: 12, endOnFailure: true },
    );
  });

  it.each(FORMATS)('refuses a truncated %s (415), however much of it arrived', async (format) => {
    const whole = await picture(format);
    for (const share of [0.1, 0.5, 0.9, 0.99]) {
      const cut = whole.subarray(0, Math.floor(whole.length * share));
      await expectRefusedKeepingNothing(() => upload(route, cut, `car.${format}`), 415, S.imageOnly);
    }
  });

  it('refuses decompression bombs: a few hundred bytes claiming billions of pixels (413), quickly', async () => {
    const bombs = [
      pngDeclaring(100_000, 100_000),
      pngDeclaring(20_000, 20_000),
      pngDeclaring(10_000, 10_000),
      pngDeclaring(8_001, 5_000), // one column over the cap
      await jpegDeclaring(65_000, 65_000),
    ];
    for (const bomb of bombs) {
      expect(bomb.length).toBeLessThan(2000);
      const started = Date.now();
      await expectRefusedKeepingNothing(
        () => upload(route, bomb, 'bomb.png'),
        413,
        S.imageTooManyPixels(SERVER_LIMITS.imageMaxPixels / 1_000_000),
      );
      expect(Date.now() - started).toBeLessThan(3000);
    }
    // At the cap (40 megapixels) the header passes the pixel count, but no real picture is that small.
    for (const bomb of [pngDeclaring(8_000, 5_000), await jpegDeclaring(5_000, 8_000)]) {
      await expectRefusedKeepingNothing(() => upload(route, bomb, 'bomb.png'), 413, S.imageOverCompressed);
    }
    // A claim small enough to be decoded whatever its ratio: the missing pixel data is refused instead.
    await expectRefusedKeepingNothing(() => upload(route, pngDeclaring(2_000, 2_000), 'bomb.png'), 415, S.imageOnly);
  });

  it(`refuses a file over the route's limit with 413 and the limit in the message`, async () => {
    const over = Buffer.concat([await picture('jpeg'), Buffer.alloc(route.maxBytes + 1024)]);
    await expectRefusedKeepingNothing(() => upload(route, over), 413, S.fileTooLarge(route.maxBytes / 1024 / 1024));
  });

  it('refuses broken multipart bodies with 400 and a message, never a 500', async () => {
    const broken: [string, string][] = [
      ['null', `multipart/form-data; boundary=${BOUNDARY}`],
      [
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${route.field}"; filename="a.jpg"\r\n\r\n\xff\xd8\xff`,
        `multipart/form-data; boundary=${BOUNDARY}`,
      ],
      [`--${BOUNDARY}\r\n\r\n`, `multipart/form-data; boundary=${BOUNDARY}`],
      ['\u0000', 'multipart/form-data; boundary=x'],
    ];
    for (const [text, contentType] of broken) {
      await expectRefusedKeepingNothing(
        () => post(route.client(), route.url, Buffer.from(text, 'latin1'), contentType),
        400,
        S.uploadMalformed,
      );
    }
  });

  it('refuses a second file, or too many fields, in one request: 400 saying so (413 is for size)', async () => {
    const jpeg = await picture('jpeg');
    const twoFiles = Buffer.concat([
      multipartBody(route.fields(), { field: route.field, name: 'a.jpg', bytes: jpeg }).subarray(
        0,
        -`--${BOUNDARY}--\r\n`.length,
      ),
      multipartBody({}, { field: route.field, name: 'b.jpg', bytes: jpeg }),
    ]);
    const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
    await expectRefusedKeepingNothing(
      () => post(route.client(), route.url, twoFiles, contentType),
      400,
      MESSAGES.server.tooManyParts,
    );
    const manyFields = multipartBody(
      { ...route.fields(), ...Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, 'x'])) },
      { field: route.field, name: 'a.jpg', bytes: jpeg },
    );
    await expectRefusedKeepingNothing(
      () => post(route.client(), route.url, manyFields, contentType),
      400,
      MESSAGES.server.tooManyParts,
    );
  });
});

describe("polyglots are neutralised: the server stores its own re-encoding, never the sender's bytes", () => {
  const payload = '<html><script>alert(document.cookie)</script></html>';

  async function expectCleanPhoto(bytes: Buffer, name: string) {
    const res = await upload(carPhotos, bytes, name, 'text/html');
    expect(res.status).toBe(201);
    const image = carImageSchema.parse(res.body);
    for (const url of [image.url, ...Object.values(image.variants ?? {})]) {
      const file = await storedBytes(url);
      expect(file.includes('<script')).toBe(false);
      expect(file.includes('alert(')).toBe(false);
      expect(file.includes('<?php')).toBe(false);
      expect((await sharp(file).metadata()).format).toMatch(/^(jpeg|webp)$/);
    }
    const deleted = await owner.delete(`/api/images/${image.id}`);
    expect([204, 409]).toContain(deleted.status);
  }

  it('a JPEG with HTML and script appended', async () => {
    await expectCleanPhoto(Buffer.concat([await picture('jpeg'), Buffer.from(payload)]), 'car.jpg');
  });

  it('a JPEG carrying a script in a comment segment and PHP in its EXIF', async () => {
    const jpeg = await sharp(await picture('jpeg'))
      .withExif({ IFD0: { ImageDescription: '<?php system($_GET["c"]); ?>', Artist: payload } })
      .jpeg()
      .toBuffer();
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, payload.length + 2]), Buffer.from(payload)]);
    const withComment = Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2)]);
    expect(withComment.includes('<script')).toBe(true);
    await expectCleanPhoto(withComment, 'car.jpg');
  });

  it('a GIF/JavaScript polyglot (GIF89a/*…*/=alert(1)//)', async () => {
    const gif = Buffer.from(await picture('gif'));
    gif[6] = 0x2f; // the logical screen width's bytes become '/*', so the file also parses as JavaScript
    gif[7] = 0x2a;
    const polyglot = Buffer.concat([gif, Buffer.from('*/=alert(1)//')]);
    expect(polyglot.subarray(0, 8).toString('latin1')).toBe('GIF89a/*');
    await expectCleanPhoto(polyglot, 'car.gif');
  });

  it('a PNG with a script in a text chunk', async () => {
    const png = await picture('png');
    const text = pngChunk('tEXt', Buffer.from(`Comment\0${payload}`, 'latin1'));
    const iend = png.length - 12;
    await expectCleanPhoto(Buffer.concat([png.subarray(0, iend), text, png.subarray(iend)]), 'car.png');
  });
});

describe('file names are never used: path tricks, NUL bytes and very long names are neutralised', () => {
  const TRICKY_NAMES = [
    '../../x.jpg',
    '..\\..\\x.jpg',
    '/etc/passwd',
    '../../../../../../tmp/x.jpg',
    '%2e%2e%2fx.jpg',
    'x.jpg\u0000.php',
    '\u0000',
    `${'x'.repeat(5000)}.jpg`,
    'x.php.jpg',
    '.htaccess',
    'CON',
    'x";name="carId',
    '<script>alert(1)</script>.jpg',
    '😀.jpg',
  ];

  it('stores each photo under a name of its own (cars/{carId}/{uuid}.jpg), nothing anywhere else', async () => {
    // The name is what is fuzzed, so the picture is as small as the pipeline takes: each run still stores the
    // original and its three widths, in a fraction of the time a 640x480 photo costs on a busy machine.
    const jpeg = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#c03030' } })
      .jpeg()
      .toBuffer();
    const dataDir = t.config.dataDir;
    // Where a name could land: anywhere in the data directory (recursively), or beside it in the temporary folder
    // (`../../../../../../tmp/x.jpg`). Only the folder's own entries are listed there: it may hold whole checkouts.
    const outside = () =>
      [...filesUnder(dataDir), ...readdirSync(path.dirname(dataDir)), ...readdirSync(os.tmpdir())].filter((f) =>
        /x\.jpg|passwd|htaccess|x\.php/.test(f),
      );
    const outsideBefore = outside();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...TRICKY_NAMES), fc.string({ unit: 'binary', maxLength: 300 })),
        async (name) => {
          const before = filesUnder(path.join(dataDir, 'uploads'));
          const res = await upload(carPhotos, jpeg, name);
          expect(res.status).toBe(201);
          const image = carImageSchema.parse(res.body);
          expect(image.url).toMatch(new RegExp(`^/api/file/cars/${carId}/[0-9a-f-]{36}-w1600\\.webp$`));
          const added = filesUnder(path.join(dataDir, 'uploads')).filter((f) => !before.includes(f));
          expect(added.length).toBe(4);
          for (const file of added)
            expect(file).toMatch(new RegExp(`^cars/${carId}/[0-9a-f-]{36}(-w\\d+\\.webp|\\.jpg)$`));
          expect(outside()).toEqual(outsideBefore);
          expect((await owner.delete(`/api/images/${image.id}`)).status).toBeLessThan(500);
        },
      ),
      { seed: PROPERTY_SEED, numRuns: 24, endOnFailure: true },
    );
  });

  it('a profile picture, a product and an ad picture too', async () => {
    const jpeg = await picture('jpeg');
    for (const route of ROUTES.slice(1)) {
      const res = await upload(route, jpeg, '../../x.jpg\u0000.php');
      expect(res.status).toBeLessThan(300);
      const url: string = res.body.profilePicture ?? res.body.imageUrl ?? res.body.url;
      expect(url).toMatch(/^\/api\/file\/(avatars\/\d+|products|ads)\/[0-9a-f-]{36}\.webp$/);
    }
  });
});

describe('the text fields next to the file', () => {
  it('refuses a carId that is not a positive whole number with "carId: Invalid id" and keeps nothing', async () => {
    const jpeg = await picture('jpeg');
    for (const bad of ['', 'abc', '-1', '0', '1.5', "1' OR '1'='1", '1e400', 'Infinity', 'x'.repeat(9000)]) {
      const body = multipartBody({ carId: bad }, { field: 'image', name: 'a.jpg', bytes: jpeg });
      await expectRefusedKeepingNothing(
        () => post(owner, '/api/images', body, `multipart/form-data; boundary=${BOUNDARY}`),
        400,
        'carId: Invalid id',
      );
    }
  });

  it('refuses an advertisement type other than banner or column, and a __proto__ field', async () => {
    const jpeg = await picture('jpeg');
    const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
    for (const type of ['', 'popup', '<script>', 'banner\u0000']) {
      const body = multipartBody({ type }, { field: 'image', name: 'a.jpg', bytes: jpeg });
      await expectRefusedKeepingNothing(
        () => post(admin, '/api/upload/advertisement', body, contentType),
        400,
        /^type: /,
      );
    }
    const proto = multipartBody(
      [
        ['__proto__', 'x'],
        ['carId', String(carId)],
      ],
      { field: 'image', name: 'a.jpg', bytes: jpeg },
    );
    await expectRefusedKeepingNothing(() => post(owner, '/api/images', proto, contentType), 400);
  });
});

describe('the documented responses of the uploads', () => {
  it('publishes the stored image and the updated user as the 2xx responses, and the responses match', async () => {
    const doc = inlineRefs((await new HttpClient(t.baseUrl).get('/api/openapi.json')).body);
    const jpeg = await picture('jpeg');
    const photo = await upload(carPhotos, jpeg);
    const photoSchema = doc.paths['/images'].post.responses['201'].content?.['application/json']?.schema;
    expect(photoSchema).toBeDefined();
    expect(z.fromJSONSchema(photoSchema).safeParse(photo.body).success).toBe(true);
    const avatar = await upload(ROUTES[1], jpeg);
    const userSchemaDoc = doc.paths['/profile/picture'].post.responses['200'].content?.['application/json']?.schema;
    expect(userSchemaDoc).toBeDefined();
    expect(z.fromJSONSchema(userSchemaDoc).safeParse(avatar.body).success).toBe(true);
    expect(userSchema.parse(avatar.body).profilePicture).toMatch(/^\/api\/file\/avatars\//);
  });
});
