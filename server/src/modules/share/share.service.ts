import type { QrCodeOutput } from '@curbside/shared';
import { isShareableImage, MESSAGES, primaryImage } from '@curbside/shared';
import type { DataSource } from 'typeorm';
import { notFound } from '../../errors';
import type { SingleFlight } from '../../lib/single-flight';
import { CarEntity } from '../cars/car.entity';
import { CarImageEntity } from '../cars/car-image.entity';
import { LISTED } from '../cars/cars.service';
import { topCarOfTheMonth } from '../leaderboard/leaderboard.service';

/** The public address of a car's page. */
export function carPageUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/cars/${encodeURIComponent(slug)}`;
}

/** A QR code of `url` as PNG bytes, `width` pixels square: the car page's (256 px) and a meet card's (print size). */
export async function qrCodePng(url: string, width: number): Promise<Buffer> {
  // Loaded with the first QR code, not at start-up.
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width });
}

/** What a car page's link preview names. */
export type PreviewCar = Pick<CarEntity, 'id' | 'slug' | 'make' | 'model' | 'year' | 'story'>;
/** A photo as a preload or a share image needs it. */
export type PreviewPhoto = Pick<
  CarImageEntity,
  'id' | 'carId' | 'url' | 'variants' | 'isPrimary' | 'sortOrder' | 'storageKey' | 'fileSize'
>;

/**
 * Sharing a car: the QR code of its page, and the data of its link preview (og-tags.ts, for the server-side
 * rendering of the page's head) and of its share image (share-image.ts).
 */
export class ShareService {
  constructor(private readonly deps: { ds: DataSource; renders: SingleFlight; publicUrl: string }) {}

  /**
   * GET /api/qrcode/{slug}: a PNG data URL of a QR code that opens the car's page. An unlisted car is 'Car not found',
   * as its page is, so neither tells that it exists. Drawing one costs 10-40 ms of CPU: it is drawn once per address
   * (single-flight.ts) and kept (a slug never changes), a few drawn at a time, 503 past the line.
   */
  async qrCode(slug: string): Promise<QrCodeOutput> {
    const car = await this.deps.ds
      .getRepository(CarEntity)
      .findOne({ where: { slug, ...LISTED }, select: { id: true, slug: true } });
    if (!car) throw notFound(MESSAGES.server.carNotFound);
    const url = carPageUrl(this.deps.publicUrl, car.slug);
    const png = await this.deps.renders.get('qr-code', url, () => qrCodePng(url, 256));
    return { qrCode: `data:image/png;base64,${png.toString('base64')}` };
  }

  /** Whether a listed car has that slug (a car page of an unknown or unlisted car is sent with 404). */
  async carExists(slug: string): Promise<boolean> {
    return (await this.deps.ds.getRepository(CarEntity).count({ where: { slug, ...LISTED }, take: 1 })) > 0;
  }

  /** The car a link preview describes, or null when there is no car with that slug. */
  previewCar(slug: string): Promise<PreviewCar | null> {
    return this.deps.ds.getRepository(CarEntity).findOne({
      where: { slug, ...LISTED },
      select: { id: true, slug: true, make: true, model: true, year: true, story: true },
    });
  }

  /** A car's first photo (the primary one, as shared primaryImage picks it), or null when it has none. */
  async firstPhoto(carId: number): Promise<PreviewPhoto | null> {
    const [photo] = await this.photos(carId, 1);
    return photo ?? null;
  }

  /** The photo of the home page's first Top Cars of the Month card, or null when nobody voted this month. */
  async topCarPhoto(): Promise<PreviewPhoto | null> {
    const carId = await topCarOfTheMonth(this.deps.ds);
    return carId === null ? null : this.firstPhoto(carId);
  }

  /**
   * The photo a car's share image is cut from: its primary (else first) photo that is small enough to render, null
   * when it has none. Refuses with "Car not found" when no listed car has that slug (an unlisted one is not told).
   */
  async sharePhoto(slug: string): Promise<PreviewPhoto | null> {
    const car = await this.deps.ds
      .getRepository(CarEntity)
      .findOne({ where: { slug, ...LISTED }, select: { id: true } });
    if (!car) throw notFound(MESSAGES.server.carNotFound);
    return primaryImage((await this.photos(car.id)).filter(isShareableImage));
  }

  private photos(carId: number, take?: number): Promise<PreviewPhoto[]> {
    return this.deps.ds.getRepository(CarImageEntity).find({
      where: { carId },
      select: {
        id: true,
        carId: true,
        url: true,
        variants: true,
        isPrimary: true,
        sortOrder: true,
        storageKey: true,
        fileSize: true,
      },
      order: { isPrimary: 'DESC', sortOrder: 'ASC', id: 'ASC' },
      take,
    });
  }
}
