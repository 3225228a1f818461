import type { EntityManager } from 'typeorm';
import type { Actor } from './access';
import { CarEntity } from './car.entity';

/**
 * Whether a member's edit of an approved car waits for an admin again: the site setting "Review edits to approved
 * cars", which takes effect only while new cars are reviewed too (services.ts); off when not given.
 */
export type ReviewEdits = () => Promise<boolean>;

/** Whether an edit by `actor` must send an approved car back to review: a member's, while the setting is on. */
export async function editsNeedReview(actor: Actor, reviewEdits: ReviewEdits | undefined): Promise<boolean> {
  return !actor.admin && (await reviewEdits?.()) === true;
}

/**
 * Sends an approved car (review state 'public') back to 'pending' after a member's edit of its texts or photos, in
 * the edit's transaction holding the car's lock; the caller's syncListing then takes it off the public pages. A car
 * held, hidden, pending or rejected stays as it is (it is already off them, and an admin decides). Says whether it
 * did.
 */
export async function sendBackToReview(
  em: EntityManager,
  car: Pick<CarEntity, 'id' | 'reviewState'>,
): Promise<boolean> {
  if (car.reviewState !== 'public') return false;
  await em.getRepository(CarEntity).update({ id: car.id }, { reviewState: 'pending', reviewNote: null });
  return true;
}
