import type { QrCodeOutput } from '@curbside/shared';
import QRCode from 'qrcode';
import type { DataSource } from 'typeorm';
import { notFound } from '../../errors';
import { CarEntity } from '../cars/car.entity';
import { CAR_NOT_FOUND } from '../cars/cars.service';

/** The public address of a car's page. */
export function carPageUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/cars/${encodeURIComponent(slug)}`;
}

/** GET /api/qrcode/{slug}: a PNG data URL of a QR code that opens the car's page. */
export async function carQrCode(ds: DataSource, publicUrl: string, slug: string): Promise<QrCodeOutput> {
  const car = await ds.getRepository(CarEntity).findOne({ where: { slug }, select: { id: true, slug: true } });
  if (!car) throw notFound(CAR_NOT_FOUND);
  const qrCode = await QRCode.toDataURL(carPageUrl(publicUrl, car.slug), {
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 256,
  });
  return { qrCode };
}
