import { LIMITS } from '@curbside/shared';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../errors';
import type { ImageQueue } from '../../lib/image-queue';
import { loadSharp } from '../../lib/sharp';
import type { Storage } from '../../lib/storage';
import { MAX_INPUT_PIXELS } from '../images/process-image';
import type { PreviewPhoto, ShareService } from './share.service';

// The link-preview picture of a car: its primary (else first) photo of at most 8 MB, cropped to 1200×630 JPEG.
// Rendered once per photo and kept in storage beside the uploads (the key names the photo, so it never goes stale).
// Rendering waits its turn in the image queue with the uploads; when that is full the response is 503 with Retry-After.

const { sharePreviewWidth: WIDTH, sharePreviewHeight: HEIGHT } = LIMITS;

export const shareImagePath = (slug: string) => `/api/share-image/${encodeURIComponent(slug)}.jpg`;

interface Deps {
  share: ShareService;
  storage: Storage;
  imageQueue: ImageQueue;
}

async function renderPreview({ storage, imageQueue }: Deps, image: PreviewPhoto): Promise<Buffer | null> {
  const key = `share/car-${image.carId}-image-${image.id}.jpg`;
  const cached = await storage.get(key);
  if (cached) return streamToBuffer(cached.body);
  const original = await storage.get(image.storageKey);
  if (!original) return null;
  const bytes = await streamToBuffer(original.body);
  const sharp = await loadSharp();
  const jpeg = await imageQueue.run(() =>
    sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(WIDTH, HEIGHT, { fit: 'cover', position: 'attention' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer(),
  );
  await storage.put(key, jpeg, { contentType: 'image/jpeg' });
  return jpeg;
}

let placeholder: Promise<Buffer> | null = null;
/** A plain dark card for a car without a usable photo. */
function placeholderPreview(): Promise<Buffer> {
  placeholder ??= loadSharp().then((sharp) =>
    sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#1f1f1f' } })
      .jpeg({ quality: 80 })
      .toBuffer(),
  );
  return placeholder;
}

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** GET /api/share-image/{slug}.jpg */
export function registerShareImageRoute(app: FastifyInstance, deps: Deps): void {
  app.get('/api/share-image/:file', async (req, reply) => {
    const file = (req.params as { file: string }).file;
    const slug = file.endsWith('.jpg') ? file.slice(0, -4) : file;
    const image = await deps.share.sharePhoto(slug);
    let body: Buffer | null = null;
    if (image) {
      try {
        body = await renderPreview(deps, image);
      } catch (error) {
        if (error instanceof DomainError) throw error; // busy: 503 with Retry-After, not an hour-long placeholder
        req.log.warn({ err: error, imageId: image.id }, 'share preview could not be rendered');
      }
    }
    return reply
      .header('content-type', 'image/jpeg')
      .header('cache-control', 'public, max-age=3600')
      .send(body ?? (await placeholderPreview()));
  });
}
