import { MESSAGES, type MeetCardLayout, meetCardUrl } from '@curbside/shared';
import { type DataSource, In } from 'typeorm';
import { forbidden, notFound } from '../../errors';
import type { ImageQueue } from '../../lib/image-queue';
import { storedRendition } from '../../lib/rendition';
import { loadSharp } from '../../lib/sharp';
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

/** Owner cards kept as made (14-30 KB each): a few hundred KB in all. */
const OWNER_PDFS_KEPT = 50;

/** Makes the PDF of a batch of cards in a layout (meet-card-pdf.ts, with the site's name and address). */
export type RenderCards = (batch: MeetCardBatch, layout: MeetCardLayout) => Promise<Buffer>;

type PrintedPhoto = Pick<CarImageEntity, 'id' | 'storageKey'>;

/**
 * Meet cards: which cars a caller may print, and each card's data. An owner prints their own cars (an
 * admin any car); an admin prints any selection, optionally for an event (named on the cards and in the QR code).
 */
export class MeetCardsService {
  /** Owner cards as made, by what is printed on them, least recently sent first. */
  private readonly ownerPdfs = new Map<string, Buffer>();

  constructor(
    private readonly deps: {
      ds: DataSource;
      storage: Storage;
      imageQueue: ImageQueue;
      publicUrl: string;
    },
  ) {}

  /**
   * GET /api/cars/{id}/meet-card.pdf: the caller's own car's card in `layout`, made by `render` (403 for another user's
   * listed car, 404 for none and for another user's unlisted one). A card costs some 150 ms of CPU to make (its QR code, then the PDF on the main thread), and an
   * owner may ask for it again and again: it is kept as made, by everything printed on it, so asking again costs two
   * reads, and an edit of the car or its photo makes a new one.
   */
  async ownerPdf(actor: Actor, carId: number, layout: MeetCardLayout, render: RenderCards): Promise<Buffer> {
    const car = await this.deps.ds.getRepository(CarEntity).findOne({ where: { id: carId } });
    if (!car) throw notFound(MESSAGES.server.carNotFound);
    if (!actor.admin && car.ownerId !== actor.id) {
      // Someone else's unlisted car answers as a missing one does, so the refusal does not tell that it exists.
      if (!car.published) throw notFound(MESSAGES.server.carNotFound);
      throw forbidden(MESSAGES.meetCards.notYourCar);
    }
    const photo = await this.printedPhotoOf(car.id);
    const printed = JSON.stringify([car.id, layout, car.year, car.make, car.model, car.ownerName, car.slug, photo?.id]);
    const kept = this.ownerPdfs.get(printed);
    if (kept) {
      this.ownerPdfs.delete(printed); // to the back of the line: the least recently sent go first
      this.ownerPdfs.set(printed, kept);
      return kept;
    }
    const pdf = await render({ cards: [await this.card(car, null, photo)], eventTitle: null }, layout);
    this.ownerPdfs.set(printed, pdf);
    if (this.ownerPdfs.size > OWNER_PDFS_KEPT) {
      const [oldest] = this.ownerPdfs.keys();
      if (oldest !== undefined) this.ownerPdfs.delete(oldest);
    }
    return pdf;
  }

  /** GET /api/admin/meet-cards.pdf: the chosen cars in the order given (404 when one is gone or the event is). */
  async adminCards(carIds: number[], eventId: number | null): Promise<MeetCardBatch> {
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
    const cards: MeetCard[] = [];
    // One car at a time: each photo waits its turn in the image queue with the uploads anyway.
    for (const id of ids) {
      const car = byId.get(id) as CarEntity;
      cards.push(await this.card(car, eventId, await this.printedPhotoOf(car.id)));
    }
    return { cards, eventTitle };
  }

  private async card(car: CarEntity, eventId: number | null, photo: PrintedPhoto | null): Promise<MeetCard> {
    const url = meetCardUrl(this.deps.publicUrl, car.slug, eventId);
    const [qrPng, photoJpeg] = await Promise.all([printQrCode(url), photo ? this.printPhoto(car.id, photo) : null]);
    return {
      carId: car.id,
      title: `${car.year} ${car.make} ${car.model}`,
      owner: car.ownerName,
      url,
      qrPng,
      photoJpeg,
    };
  }

  /** The photo a card prints: the car's primary, else its first. */
  private printedPhotoOf(carId: number): Promise<PrintedPhoto | null> {
    return this.deps.ds.getRepository(CarImageEntity).findOne({
      where: { carId },
      select: { id: true, storageKey: true },
      order: { isPrimary: 'DESC', sortOrder: 'ASC', id: 'ASC' },
    });
  }

  /**
   * The card's photo cut from the stored original (JPEG, up to 3,200 px) to the card's photo box at 300 dpi, and kept
   * in storage beside it (the key names the photo, so it never goes stale).
   */
  private printPhoto(carId: number, image: PrintedPhoto): Promise<Buffer | null> {
    return storedRendition(this.deps, `print/meet-card-car-${carId}-image-${image.id}.jpg`, image.storageKey, (photo) =>
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
