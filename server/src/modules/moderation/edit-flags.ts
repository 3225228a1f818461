import type { EditedPart } from '@curbside/shared';
import type { EntityManager } from 'typeorm';
import type { EditRecorder } from '../cars/edit-review';
import { ModerationFlagEntity } from './moderation-flag.entity';

/**
 * A member's edit that sent an approved car back to review, as open 'edit' flags naming the changed parts
 * (comma-separated in `details`): the review queue shows the car as an edit, with what changed. No reporter (the
 * site's own flag); `reason` must hold a report reason and says 'other'. An admin's approval or rejection closes
 * them with the car's other flags (moderation.service.ts settle); report counts and holds count only 'report' flags.
 */
export const editFlags: EditRecorder = {
  waitingAfterEdit: (em: EntityManager, carId: number) =>
    em.getRepository(ModerationFlagEntity).existsBy({ carId, kind: 'edit', open: true }),
  async record(em: EntityManager, carId: number, changed: EditedPart[]) {
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
  },
};
