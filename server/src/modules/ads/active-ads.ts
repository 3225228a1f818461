import { type Advertisement, centralDateString, isAdLive } from '@curbside/shared';
import type { DataSource } from 'typeorm';
import { AdvertisementEntity } from './advertisement.entity';

/** An ad as the API shows it; start and end are the Central calendar days of the stored instants. */
export function toAdvertisementDto(ad: AdvertisementEntity): Advertisement {
  return {
    id: ad.id,
    name: ad.name,
    description: ad.description,
    type: ad.type,
    imageUrl: ad.imageUrl,
    linkUrl: ad.linkUrl,
    startDate: ad.startDate ? centralDateString(ad.startDate) : null,
    endDate: ad.endDate ? centralDateString(ad.endDate) : null,
    active: ad.active,
  };
}

/** GET /api/advertisements/active: every ad live today (active, within its optional days); the client picks one. */
export async function listActiveAds(ds: DataSource, now: Date = new Date()): Promise<Advertisement[]> {
  const ads = await ds.getRepository(AdvertisementEntity).find({ where: { active: true }, order: { id: 'ASC' } });
  return ads.map(toAdvertisementDto).filter((ad) => isAdLive(ad, now));
}
