import { LIMITS } from '@curbside/shared';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../errors';
import type { ImageQueue } from '../../lib/image-queue';
import { storedRendition } from '../../lib/rendition';
import { loadSharp } from '../../lib/sharp';
import type { SingleFlight } from '../../lib/single-flight';
import type { Storage } from '../../lib/storage';
import { withAccess } from '../../plugins/route-access';
import type { PreviewPhoto, ShareService } from './share.service';

// The link-preview picture of a car: its primary (else first) photo of at most 8 MB, cropped to 1200×630 JPEG.
// Rendered once per photo (requests arriving meanwhile wait for that one rendering), kept in memory and in storage
// beside the uploads (the key names the photo, so it never goes stale). Rendering waits its turn in the image queue
// with the uploads; when that is full the response is 503 with Retry-After.

const { sharePreviewWidth: WIDTH, sharePreviewHeight: HEIGHT } = LIMITS;

export const shareImagePath = (slug: string) => `/api/share-image/${encodeURIComponent(slug)}.jpg`;

interface Deps {
  share: ShareService;
  storage: Storage;
  imageQueue: ImageQueue;
  renders: SingleFlight;
}

function renderPreview(deps: Deps, image: PreviewPhoto): Promise<Buffer | null> {
  return storedRendition(
    deps,
    'share-image',
    `share/car-${image.carId}-image-${image.id}.jpg`,
    image.storageKey,
    (photo) =>
      photo.resize(WIDTH, HEIGHT, { fit: 'cover', position: 'attention' }).jpeg({ quality: 82, mozjpeg: true }),
  );
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

/** GET /api/share-image/{slug}.jpg */
export function registerShareImageRoute(app: FastifyInstance, deps: Deps): void {
  // Anyone's, also while a site mode is on: link previews of shared pages keep their picture.
  app.get('/api/share-image/:file', withAccess({ level: 'public', siteModes: false }), async (req, reply) => {
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
