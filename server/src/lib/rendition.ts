import { SERVER_LIMITS } from '@curbside/shared';
import type { Sharp } from 'sharp';
import type { ImageQueue } from './image-queue';
import { loadSharp } from './sharp';
import type { SingleFlight } from './single-flight';
import type { Storage } from './storage';

/** The whole body of a stored object. */
export async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/**
 * A JPEG made once from a stored photo (a share preview, a meet card's print photo) and kept in storage under `key`
 * beside the uploads: the key names the photo, so it never goes stale. Made in the image queue with the uploads, once
 * however many ask at the same time, and kept in memory too (single-flight.ts, `kind` names it in the renders
 * metric); null when the original is gone (then nothing is kept, and the next request looks again).
 */
export async function storedRendition(
  { storage, imageQueue, renders }: { storage: Storage; imageQueue: ImageQueue; renders: SingleFlight },
  kind: string,
  key: string,
  originalKey: string,
  edit: (image: Sharp) => Sharp,
): Promise<Buffer | null> {
  const made = await renders
    .get(
      kind,
      key,
      async () => {
        const cached = await storage.get(key);
        if (cached) return streamToBuffer(cached.body);
        const original = await storage.get(originalKey);
        if (!original) throw new OriginalGone();
        const bytes = await streamToBuffer(original.body);
        const sharp = await loadSharp();
        const jpeg = await imageQueue.run(() =>
          edit(sharp(bytes, { limitInputPixels: SERVER_LIMITS.imageMaxPixels }).rotate()).toBuffer(),
        );
        await storage.put(key, jpeg, { contentType: 'image/jpeg' });
        return jpeg;
      },
      { queued: false },
    )
    .catch((error: unknown) => {
      if (error instanceof OriginalGone) return null;
      throw error;
    });
  return made;
}

/** The stored original of a rendition is missing. */
class OriginalGone extends Error {}
