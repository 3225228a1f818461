import { reportDetailsGiven, reportFieldsSchema, reportReceivedSchema } from '@curbside/shared';
import { pathIdSchema } from '../../rest/inputs';
import { authedProcedure, router } from '../../trpc';

const tags = ['moderation'];

/** A signed-in user's report. The admin's queue and actions live in admin-router.ts. */
export const moderationRouter = router({
  report: authedProcedure
    .meta({
      successStatus: 201,
      refusals: ['NOT_FOUND', 'CONFLICT', 'FORBIDDEN'],
      openapi: {
        method: 'POST',
        path: '/cars/{carId}/reports',
        tags,
        summary: 'Report a car or one of its photos (one open report per user per item; 409 for a second)',
      },
    })
    .input(reportFieldsSchema.extend({ carId: pathIdSchema }).superRefine(reportDetailsGiven))
    .output(reportReceivedSchema)
    .mutation(({ ctx, input }) => ctx.services.moderation.report(ctx.actor, input)),
});
