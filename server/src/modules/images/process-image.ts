import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { LIMITS, MESSAGES, SERVER_LIMITS } from '@curbside/shared';
import type { Metadata } from 'sharp';
import { DomainError } from '../../errors';
import type { ImageQueue } from '../../lib/image-queue';
import { loadSharp } from '../../lib/sharp';
import { fileUrl, type Storage } from '../../lib/storage';
import { perceptualHash } from '../photo-matches/dhash';

// Every uploaded picture is decoded and re-encoded here, so no byte the sender chose survives: the EXIF orientation
// is applied, all metadata (GPS included) is dropped, and the type is decided by what sharp can decode.
// What a picture may cost is bounded before any pixel is decoded: its header's size (pixels, and pixels per byte of
// file), then a place in the image queue (a few pictures at a time per process, a bounded line, else 503).

/** Decompression-bomb guard: a small file may claim a gigantic canvas. */
export const MAX_INPUT_PIXELS = SERVER_LIMITS.imageMaxPixels;
/** Formats accepted from users (sharp reads SVG, PDF, TIFF… too; those are refused). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif']);
/** The stored "original" is capped: nobody views a 12,000-pixel photo, and it bounds storage. */
const ORIGINAL_MAX_SIDE = 3200;
export const VARIANT_WIDTHS = [400, 800, 1600] as const;
const AVATAR_SIDE = 400;
const SITE_IMAGE_MAX_SIDE = 2000;

/** Where a picture goes (storage) and the queue its decoding waits in: the app's services carry both. */
export interface ImageSink {
  storage: Storage;
  imageQueue: ImageQueue;
}

export interface StoredImage {
  /** Every key written (original first), so a failure later can remove them all. */
  keys: string[];
  storageKey: string;
  url: string;
  width: number;
  height: number;
  fileSize: number;
  variants: { w400: string; w800: string; w1600: string } | null;
}

/** A car photo also carries its perceptual hash (photo-matches/dhash.ts), made from the stored original. */
export interface StoredCarPhoto extends StoredImage {
  perceptualHash: string;
}

const unsupported = () => new DomainError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.server.imageOnly);

/**
 * Reads the header of the file (no pixel is decoded); refuses anything that is not a picture of an accepted format,
 * has more pixels than the cap, or claims more pixels than its bytes could plausibly hold.
 */
async function inspect(file: string): Promise<void> {
  let meta: Metadata;
  let fileBytes: number;
  try {
    const sharp = await loadSharp();
    meta = await sharp(file, { limitInputPixels: false }).metadata();
    fileBytes = (await stat(file)).size;
  } catch {
    throw unsupported();
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw unsupported();
  const pixels = meta.width * meta.height;
  if (pixels > MAX_INPUT_PIXELS) {
    throw new DomainError('PAYLOAD_TOO_LARGE', MESSAGES.server.imageTooManyPixels(MAX_INPUT_PIXELS / 1_000_000));
  }
  if (isOverCompressed(pixels * (meta.channels ?? 3), pixels, fileBytes)) {
    throw new DomainError('PAYLOAD_TOO_LARGE', MESSAGES.server.imageOverCompressed);
  }
}

/**
 * A decompression bomb within the pixel cap: the picture would unpack to more than SERVER_LIMITS.imageMaxExpansion times
 * its file size. Small pictures are exempt (flat-colour graphics unpack 1000× and more, and cost next to nothing).
 */
function isOverCompressed(decodedBytes: number, pixels: number, fileBytes: number): boolean {
  return pixels > SERVER_LIMITS.imageExpansionFreePixels && decodedBytes > SERVER_LIMITS.imageMaxExpansion * fileBytes;
}

/** A decoder for the file, oriented upright; a corrupt body fails with 415 when encoded. */
const decode = async (file: string) =>
  (await loadSharp())(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false }).rotate();

/** Runs the decoding and encoding in its turn in the queue (or refuses with 503 when the line is full). */
async function encodeOrRefuse<T>(queue: ImageQueue, work: () => Promise<T>): Promise<T> {
  try {
    return await queue.run(work);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    // sharp could read the header but not the picture: a truncated or forged file.
    throw unsupported();
  }
}

/** Writes each [key, bytes] pair; on any failure removes those already written and rethrows. */
async function putAll(storage: Storage, items: [string, Buffer][]): Promise<void> {
  const written: string[] = [];
  try {
    for (const [key, bytes] of items) {
      await storage.put(key, bytes);
      written.push(key);
    }
  } catch (error) {
    await removeKeys(storage, written);
    throw error;
  }
}

/** Best-effort removal (a missing key is fine). */
export async function removeKeys(storage: Storage, keys: string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => storage.delete(key)));
}

/**
 * A car photo: a JPEG original (capped at 3200 px) and WebP copies 400/800/1600 px wide, under cars/{carId}/. The
 * public URL is the largest copy's: the original is for the admin's print download only (files/routes.ts).
 */
export async function storeCarPhoto(to: ImageSink, file: string, carId: number): Promise<StoredCarPhoto> {
  await inspect(file);
  const base = `cars/${carId}/${randomUUID()}`;
  const originalKey = `${base}.jpg`;
  const variantKey = (width: (typeof VARIANT_WIDTHS)[number]) => `${base}-w${width}.webp`;
  const { original, info, variants, hash } = await encodeOrRefuse(to.imageQueue, async () => {
    const sharp = await loadSharp();
    const { data, info } = await (await decode(file))
      .resize({ width: ORIGINAL_MAX_SIDE, height: ORIGINAL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const variants = await Promise.all(
      VARIANT_WIDTHS.map(
        async (width): Promise<[string, Buffer]> => [
          variantKey(width),
          await sharp(data).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
        ],
      ),
    );
    return { original: data, info, variants, hash: await perceptualHash(data) };
  });
  await putAll(to.storage, [[originalKey, original], ...variants]);
  return {
    keys: [originalKey, ...variants.map(([key]) => key)],
    storageKey: originalKey,
    url: fileUrl(variantKey(1600)),
    width: info.width,
    height: info.height,
    fileSize: original.length,
    variants: { w400: fileUrl(variantKey(400)), w800: fileUrl(variantKey(800)), w1600: fileUrl(variantKey(1600)) },
    perceptualHash: hash,
  };
}

/** A profile picture: a 400×400 WebP square cut from the centre, under avatars/{userId}/. */
export async function storeAvatar(to: ImageSink, file: string, userId: number): Promise<StoredImage> {
  await inspect(file);
  const key = `avatars/${userId}/${randomUUID()}.webp`;
  const bytes = await encodeOrRefuse(to.imageQueue, async () =>
    (await decode(file))
      .resize({ width: AVATAR_SIDE, height: AVATAR_SIDE, fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer(),
  );
  await putAll(to.storage, [[key, bytes]]);
  return {
    keys: [key],
    storageKey: key,
    url: fileUrl(key),
    width: AVATAR_SIDE,
    height: AVATAR_SIDE,
    fileSize: bytes.length,
    variants: null,
  };
}

/** A product or advertisement picture (admin uploads): one WebP, at most 2000 px a side, under {folder}/. */
export async function storeSiteImage(to: ImageSink, file: string, folder: 'products' | 'ads'): Promise<StoredImage> {
  await inspect(file);
  const key = `${folder}/${randomUUID()}.webp`;
  const { data, info } = await encodeOrRefuse(to.imageQueue, async () =>
    (await decode(file))
      .resize({ width: SITE_IMAGE_MAX_SIDE, height: SITE_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true }),
  );
  await putAll(to.storage, [[key, data]]);
  return {
    keys: [key],
    storageKey: key,
    url: fileUrl(key),
    width: info.width,
    height: info.height,
    fileSize: data.length,
    variants: null,
  };
}

export const photoTooLarge = () =>
  new DomainError('PAYLOAD_TOO_LARGE', MESSAGES.server.fileTooLarge(LIMITS.photoMaxBytes / 1024 / 1024));
export const avatarTooLarge = () =>
  new DomainError('PAYLOAD_TOO_LARGE', MESSAGES.server.fileTooLarge(LIMITS.avatarMaxBytes / 1024 / 1024));
