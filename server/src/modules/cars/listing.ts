import { reviewAllowsListing } from '@curbside/shared';
import type { EntityManager } from 'typeorm';
import { CarMonthlyVotesEntity } from '../votes/car-monthly-votes.entity';
import { CarEntity } from './car.entity';
import { CarImageEntity } from './car-image.entity';

/**
 * The one place that decides whether a car is listed (its `published`: the gallery, search, the rankings, the sitemap
 * and its page), in the transaction that changed a reason for it: a stored or removed photo, or a change of its review
 * state (moderation). Writes only when the listing changes, and then copies it to the car's monthly tallies, which the
 * monthly ranking's index reads it from; says whether it changed.
 */
export async function syncListing(em: EntityManager, carId: number): Promise<boolean> {
  const car = await em
    .getRepository(CarEntity)
    .findOne({ where: { id: carId }, select: { id: true, reviewState: true } });
  if (!car) return false;
  const hasPhoto = (await em.getRepository(CarImageEntity).count({ where: { carId }, take: 1 })) > 0;
  // The rule, in one expression.
  const published = hasPhoto && reviewAllowsListing(car.reviewState);
  const changed = await em.getRepository(CarEntity).update({ id: carId, published: !published }, { published });
  if (changed.affected === 0) return false;
  await em.getRepository(CarMonthlyVotesEntity).update({ carId }, { listed: published });
  return true;
}
