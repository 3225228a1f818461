import type { EntityManager } from 'typeorm';
import { CarMonthlyVotesEntity } from '../votes/car-monthly-votes.entity';
import { CarEntity } from './car.entity';
import { CarImageEntity } from './car-image.entity';

/**
 * The one place a car's listing follows its photos, in the transaction that stored or removed one: listed with its
 * first stored photo, unlisted again when its last photo is deleted. Writes only when the listing changes, and then
 * copies it to the car's monthly tallies, which the monthly ranking's index reads it from; says whether it changed.
 */
export async function syncListing(em: EntityManager, carId: number): Promise<boolean> {
  const hasPhoto = (await em.getRepository(CarImageEntity).count({ where: { carId }, take: 1 })) > 0;
  const changed = await em
    .getRepository(CarEntity)
    .update({ id: carId, published: !hasPhoto }, { published: hasPhoto });
  if (changed.affected === 0) return false;
  await em.getRepository(CarMonthlyVotesEntity).update({ carId }, { listed: hasPhoto });
  return true;
}
