import type { QrCodeOutput } from '@curbside/shared';
import { MESSAGES } from '@curbside/shared';
import QRCode from 'qrcode';
import type { DataSource } from 'typeorm';
import { notFound } from '../../errors';
import { CarEntity } from '../cars/car.entity';

/** The public address of a car's page. */
export function carPageUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/cars/${encodeURIComponent(slug)}`;
}

/** Sharing a car: the QR code of its page (link previews and the share image: og-tags.ts, share-image.ts). */
export class ShareService {
  constructor(private readonly deps: { ds: DataSource; publicUrl: string }) {}

  /** GET /api/qrcode/{slug}: a PNG data URL of a QR code that opens the car's page. */
  async qrCode(slug: string): Promise<QrCodeOutput> {
    const car = await this.deps.ds
      .getRepository(CarEntity)
      .findOne({ where: { slug }, select: { id: true, slug: true } });
    if (!car) throw notFound(MESSAGES.server.carNotFound);
    const qrCode = await QRCode.toDataURL(carPageUrl(this.deps.publicUrl, car.slug), {
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 256,
    });
    return { qrCode };
  }
}
