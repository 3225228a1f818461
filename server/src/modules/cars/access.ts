import { MESSAGES } from '@curbside/shared';
import type { EntityManager } from 'typeorm';
import { forbidden } from '../../errors';
import type { Actor } from '../../trpc';
import { CarEntity } from './car.entity';

/** Who is writing: the signed-in user (never an id taken from the request body), as trpc.ts actorOf makes it. */
export type { Actor };

/** A car and its images are written by its owner or whoever acts as an admin (trpc.ts actsAsAdmin). */
export function canEditCar(actor: Actor, car: Pick<CarEntity, 'ownerId'>): boolean {
  return actor.admin || (car.ownerId != null && car.ownerId === actor.id);
}

export function assertCanEditCar(actor: Actor, car: Pick<CarEntity, 'ownerId'>): void {
  if (!canEditCar(actor, car)) throw forbidden(MESSAGES.server.notOwner);
}

/**
 * Takes the car row's write lock for the rest of the transaction (a no-op UPDATE locks the row on MySQL/MariaDB and
 * takes the write lock on SQLite), then reads it. Image changes that touch the primary flag serialise on this.
 */
export async function lockCar(em: EntityManager, carId: number): Promise<CarEntity | null> {
  await em.query('UPDATE cars SET id = id WHERE id = ?', [carId]);
  return em.getRepository(CarEntity).findOneBy({ id: carId });
}
