import { MESSAGES, type MeetCardLayout, meetCardUrl } from '@curbside/shared';
import { type DataSource, In } from 'typeorm';
import { forbidden, notFound } from '../../errors';
import type { ImageQueue } from '../../lib/image-queue';
import { storedRendition } from '../../lib/rendition';
import { sha256 } from '../../lib/sha256';
import { loadSharp } from '../../lib/sharp';
import type { SingleFlight } from '../../lib/single-flight';
import type { Storage } from '../../lib/storage';
import type { Actor } from '../cars/access';
import { CarEntity } from '../cars/car.entity';
import { CarImageEntity } from '../cars/car-image.entity';
import { EventEntity } from '../events/event.entity';
import { qrCodePng } from '../share/share.service';
import { PHOTO_PIXELS } from './meet-card-pdf';

/** Everything one card shows, ready to draw (the PDF itself is drawn by meet-card-pdf.ts). */
export interface MeetCard {
  carId: number;
  title: string;
  owner: string;
  /** The address the QR code opens: the car's page with ?src=card (&event=). */
  url: string;
  /** The QR code as a PNG, large enough to stay sharp in print. */
  qrPng: Buffer;
  /** The car's primary photo as a print-quality JPEG cut to the card's photo box, or null when it has none. */
  photoJpeg: Buffer | null;
}

export interface MeetCardBatch {
  cards: MeetCard[];
  /** The event the admin chose, printed on each card. */
  eventTitle: string | null;
}

/**
 * QR code pixels: about 16 per module for a car's address. PDF viewers and printers scale it without smoothing, so
 * the modules stay sharp-edged at any size; grey without alpha, so pdfkit embeds the PNG's data as it is.
 */
const QR_PIXELS = 600;

/** Makes the PDF of a batch of cards in a layout (meet-card-pdf.ts, with the site's name and address). */
export type RenderCards = (batch: MeetCardBatch, layout: MeetCardLayout) => Promise<Buffer>;

type PrintedPhoto = Pick<CarImageEntity, 'id' | 'storageKey'>;

/** Everything of a car a card prints: a key part of the PDFs it is on (an edit of one of them makes a new PDF). */
const printed = (car: CarEntity, photo: PrintedPhoto | null) => [
  car.id,
  car.year,
  car.make,
  car.model,
  car.ownerName,
  car.slug,
  photo?.id ?? null,
];

/**
 * Meet cards: which cars a caller may print, and their PDFs. An owner prints their own cars (an admin any car); an
 * admin prints any selection, optionally for an event (named on the cards and in the QR code).
 *
 * A card costs some 150 ms of CPU to make (its QR code, then the PDF on the main thread) and the admin's sheet of 60
 * cards about 2 s, and anyone may ask again and again: each PDF is made once per key, which names everything printed
 * on it (lib/single-flight.ts). Asking again costs the reads that make the key; requests arriving while it is made
 * wait for that one making; an edit of a car or of its photo makes a new key, so the next request makes a new PDF.
 */
export class MeetCardsService {
  constructor(
    private readonly deps: {
      ds: DataSource;
      storage: Storage;
      imageQueue: ImageQueue;
      renders: SingleFlight;
      publicUrl: string;
    },
  ) {}

  /**
   * GET /api/cars/{id}/meet-card.pdf: the caller's own car's card in `layout`, made by `render` (403 for another user's
   * listed car, 404 for none and for another user's unlisted one).
   */
  async ownerPdf(actor: Actor, carId: number, layout: MeetCardLayout, render: RenderCards): Promise<Buffer> {
    const car = await this.deps.ds.getRepository(CarEntity).findOne({ where: { id: carId } });
    if (!car) throw notFound(MESSAGES.server.carNotFound);
    if (!actor.admin && car.ownerId !== actor.id) {
      // Someone else's unlisted car answers as a missing one does, so the refusal does not tell that it exists.
      if (!car.published) throw notFound(MESSAGES.server.carNotFound);
      throw forbidden(MESSAGES.meetCards.notYourCar);
    }
    const photo = (await this.printedPhotosOf([car.id])).get(car.id) ?? null;
    const key = JSON.stringify([layout, ...printed(car, photo)]);
    return this.deps.renders.get('meet-card', key, async () =>
      render({ cards: [await this.card(car, null, photo)], eventTitle: null }, layout),
    );
  }

  /**
   * GET /api/admin/meet-cards.pdf: the chosen cars in the order given (404 when one is gone or the event is), made by
   * `render` in `layout`.
   */
  async adminPdf(carIds: number[], eventId: number | null, layout: MeetCardLayout, render: RenderCards) {
    let eventTitle: string | null = null;
    if (eventId !== null) {
      const event = await this.deps.ds.getRepository(EventEntity).findOne({ where: { id: eventId } });
      if (!event) throw notFound(MESSAGES.meetCards.eventNotFound);
      eventTitle = event.title;
    }
    const ids = [...new Set(carIds)];
    const cars = await this.deps.ds.getRepository(CarEntity).find({ where: { id: In(ids) } });
    const byId = new Map(cars.map((car) => [car.id, car]));
    if (ids.some((id) => !byId.has(id))) throw notFound(MESSAGES.server.carNotFound);
    const photos = await this.printedPhotosOf(ids);
    const chosen = ids.map((id) => ({ car: byId.get(id) as CarEntity, photo: photos.get(id) ?? null }));
    const key = sha256(JSON.stringify([layout, eventId, eventTitle, chosen.map((c) => printed(c.car, c.photo))]));
    return this.deps.renders.get('meet-card-sheet', key, async () => {
      const cards: MeetCard[] = [];
      // One car at a time: each photo waits its turn in the image queue with the uploads anyway.
      for (const { car, photo } of chosen) cards.push(await this.card(car, eventId, photo));
      return render({ cards, eventTitle }, layout);
    });
  }

  private async card(car: CarEntity, eventId: number | null, photo: PrintedPhoto | null): Promise<MeetCard> {
    const url = meetCardUrl(this.deps.publicUrl, car.slug, eventId);
    // Parts of a PDF being made, which holds its place among the renders: kept for the next PDF that prints them.
    const [qrPng, photoJpeg] = await Promise.all([
      this.deps.renders.get('print-qr', url, () => printQrCode(url), { queued: false }),
      photo ? this.printPhoto(car.id, photo) : null,
    ]);
    return {
      carId: car.id,
      title: `${car.year} ${car.make} ${car.model}`,
      owner: car.ownerName,
      url,
      qrPng,
      photoJpeg,
    };
  }

  /** The photo each card prints: the car's primary, else its first (none: no entry). */
  private async printedPhotosOf(carIds: number[]): Promise<Map<number, PrintedPhoto>> {
    const images = await this.deps.ds.getRepository(CarImageEntity).find({
      where: { carId: In(carIds) },
      select: { id: true, carId: true, storageKey: true },
      order: { carId: 'ASC', isPrimary: 'DESC', sortOrder: 'ASC', id: 'ASC' },
    });
    const first = new Map<number, PrintedPhoto>();
    for (const image of images) if (!first.has(image.carId)) first.set(image.carId, image);
    return first;
  }

  /**
   * The card's photo cut from the stored original (JPEG, up to 3,200 px) to the card's photo box at 300 dpi, and kept
   * in storage beside it (the key names the photo, so it never goes stale).
   */
  private printPhoto(carId: number, image: PrintedPhoto): Promise<Buffer | null> {
    return storedRendition(
      this.deps,
      'print-photo',
      `print/meet-card-car-${carId}-image-${image.id}.jpg`,
      image.storageKey,
      (photo) =>
        photo
          .resize(PHOTO_PIXELS.width, PHOTO_PIXELS.height, { fit: 'cover', position: 'attention' })
          .jpeg({ quality: 88, mozjpeg: true }),
    );
  }
}

/** The card's QR code: the share QR code's PNG, made grey without alpha (pdfkit would decode an RGBA one in JS). */
async function printQrCode(url: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(await qrCodePng(url, QR_PIXELS))
    .flatten({ background: '#ffffff' })
    .toColourspace('b-w')
    .png({ compressionLevel: 9 })
    .toBuffer();
}
