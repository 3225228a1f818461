import type { EditedPart } from '@curbside/shared';
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
 * Where the review queue learns what a member's edit changed: the moderation domain's 'edit' flags
 * (moderation/edit-flags.ts), handed in by services.ts so this module does not import that one.
 */
export interface EditRecorder {
  /** Whether the car waits for review after an edit (not as a new car never approved). */
  waitingAfterEdit(em: EntityManager, carId: number): Promise<boolean>;
  record(em: EntityManager, carId: number, changed: EditedPart[]): Promise<void>;
}

/**
 * Sends an approved car (review state 'public') back to 'pending' after a member's edit of its texts or photos, in
 * the edit's transaction holding the car's lock; the caller's syncListing then takes it off the public pages. A car
 * held, hidden, pending or rejected stays as it is (it is already off them, and an admin decides). Says whether it
 * did. What `changed` is recorded for the review queue: when the car is sent back, and for each further edit while it
 * waits after one (a new car waiting for its first approval gets no record).
 */
export async function sendBackToReview(
  em: EntityManager,
  car: Pick<CarEntity, 'id' | 'reviewState'>,
  changed: EditedPart[],
  recorder: EditRecorder | undefined,
): Promise<boolean> {
  if (car.reviewState === 'pending' && (await recorder?.waitingAfterEdit(em, car.id))) {
    await recorder?.record(em, car.id, changed);
  }
  if (car.reviewState !== 'public') return false;
  await em.getRepository(CarEntity).update({ id: car.id }, { reviewState: 'pending', reviewNote: null });
  await recorder?.record(em, car.id, changed);
  return true;
}
