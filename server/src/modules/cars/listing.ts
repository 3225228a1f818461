import type { EntityManager } from 'typeorm';
import { CarEntity } from './car.entity';
import { CarImageEntity } from './car-image.entity';

/**
 * The one place a car's listing follows its photos, in the transaction that stored or removed one: listed with its
 * first stored photo, unlisted again when its last photo is deleted. Writes only when the listing changes, and
 * says whether it did.
 */
export async function syncListing(em: EntityManager, carId: number): Promise<boolean> {
  const hasPhoto = (await em.getRepository(CarImageEntity).count({ where: { carId }, take: 1 })) > 0;
  const result = await em.getRepository(CarEntity).update({ id: carId, published: !hasPhoto }, { published: hasPhoto });
  return (result.affected ?? 1) > 0;
}
