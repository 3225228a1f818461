import { type Advertisement, centralDateString } from '@curbside/shared';
import type { AdvertisementEntity } from './advertisement.entity';

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
