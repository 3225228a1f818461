import {
  idSchema,
  reviewActionInputSchema,
  reviewActionListSchema,
  reviewActionSchema,
  reviewQueueSchema,
} from '@curbside/shared';
import { z } from 'zod';
import { fromQuery, pathIdSchema } from '../../rest/inputs';
import { adminProcedure, router } from '../../trpc';

const tags = ['moderation'];

/** The review queue (admin): reported items and new cars, the actions on them, and the record of actions taken. */
export const moderationAdminRouter = router({
  queue: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/reviews',
        tags,
        summary: 'Reported cars and photos grouped by item, then new cars waiting for approval (admin)',
      },
    })
    .input(z.void())
    .output(reviewQueueSchema)
    .query(({ ctx }) => ctx.services.moderation.queue()),

  setAside: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/reviews/set-aside',
        tags,
        summary: 'Cars an admin hid or rejected, the latest first; approving one makes it public again (admin)',
      },
    })
    .input(z.void())
    .output(reviewQueueSchema)
    .query(({ ctx }) => ctx.services.moderation.setAside()),

  act: adminProcedure
    .meta({
      successStatus: 201,
      refusals: ['NOT_FOUND', 'CONFLICT'],
      openapi: {
        method: 'POST',
        path: '/admin/reviews/cars/{carId}/actions',
        tags,
        summary:
          'Dismiss, hide the car, remove a photo, approve or reject, or suspend the owner, with a note e-mailed to the ' +
          'owner (admin; an admin owner cannot be suspended)',
      },
    })
    .input(reviewActionInputSchema.extend({ carId: pathIdSchema }))
    .output(reviewActionSchema)
    .mutation(({ ctx, input }) => ctx.services.moderation.act(ctx.actor, input, ctx.req.log)),

  actions: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/reviews/actions',
        tags,
        summary: 'Recorded review actions, newest first (admin)',
      },
    })
    .input(z.object({ beforeId: fromQuery(idSchema).optional() }))
    .output(reviewActionListSchema)
    .query(({ ctx, input }) => ctx.services.moderation.actions(input.beforeId)),
});
