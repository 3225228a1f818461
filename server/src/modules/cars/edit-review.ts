import type { EditedPart } from '@curbside/shared';
import type { EntityManager } from 'typeorm';
import { ModerationFlagEntity } from '../moderation/moderation-flag.entity';
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
 * did. What `changed` is recorded as an 'edit' flag for the review queue: when the car is sent back, and for each
 * further edit while it waits after one (a new car waiting for its first approval has no such flag and gets none).
 */
export async function sendBackToReview(
  em: EntityManager,
  car: Pick<CarEntity, 'id' | 'reviewState'>,
  changed: EditedPart[],
): Promise<boolean> {
  const flags = em.getRepository(ModerationFlagEntity);
  if (car.reviewState === 'pending' && (await flags.existsBy({ carId: car.id, kind: 'edit', open: true }))) {
    await recordEdit(em, car.id, changed);
  }
  if (car.reviewState !== 'public') return false;
  await em.getRepository(CarEntity).update({ id: car.id }, { reviewState: 'pending', reviewNote: null });
  await recordEdit(em, car.id, changed);
  return true;
}

/**
 * An open 'edit' flag naming the changed parts (comma-separated in `details`). No reporter: it is the site's own;
 * `reason` must hold a report reason and says 'other'. An admin's approval or rejection closes it with the car's
 * other flags (moderation.service.ts settle).
 */
async function recordEdit(em: EntityManager, carId: number, changed: EditedPart[]): Promise<void> {
  await em.getRepository(ModerationFlagEntity).insert({
    kind: 'edit',
    carId,
    photoKey: 0,
    reporterId: null,
    reason: 'other',
    details: changed.join(','),
    open: true,
    createdAt: new Date(),
  });
}
