import { reviewAllowsListing } from '@curbside/shared';
import { type EntityManager, IsNull, Not } from 'typeorm';
import { UserEntity } from '../accounts/user.entity';
import { CarMonthlyVotesEntity } from '../votes/car-monthly-votes.entity';
import { CarEntity } from './car.entity';
import { CarImageEntity } from './car-image.entity';

/**
 * The one place a car's listing (its `published` flag: gallery, search, rankings, sitemap, its page) is decided, in
 * the transaction that changed what it depends on: listed while it has a stored photo AND its review state allows it
 * (moderation/) AND its owner is not suspended (suspensions/). Writes only when the listing changes, and then copies
 * it to the car's monthly tallies, which the monthly ranking's index reads it from; says whether it changed.
 */
export async function syncListing(em: EntityManager, carId: number): Promise<boolean> {
  const car = await em
    .getRepository(CarEntity)
    .findOne({ where: { id: carId }, select: { id: true, ownerId: true, reviewState: true } });
  if (!car) return false;
  const listed =
    (await hasPhoto(em, carId)) && reviewAllowsListing(car.reviewState) && (await ownerNotSuspended(em, car.ownerId));
  const changed = await em.getRepository(CarEntity).update({ id: carId, published: !listed }, { published: listed });
  if (changed.affected === 0) return false;
  await em.getRepository(CarMonthlyVotesEntity).update({ carId }, { listed });
  return true;
}

/** A car is listed with its first stored photo, unlisted again when its last photo is deleted. */
async function hasPhoto(em: EntityManager, carId: number): Promise<boolean> {
  return (await em.getRepository(CarImageEntity).count({ where: { carId }, take: 1 })) > 0;
}

/** A suspended owner's cars leave the public pages until the suspension is lifted (their votes are kept). */
export async function ownerNotSuspended(em: EntityManager, ownerId: number | null): Promise<boolean> {
  if (ownerId == null) return true;
  return !(await em.getRepository(UserEntity).existsBy({ id: ownerId, suspendedAt: Not(IsNull()) }));
}
