import {
  adminUserListSchema,
  adminUserSchema,
  liftSuspensionInputSchema,
  suspendUserInputSchema,
  suspensionsOverviewSchema,
  userSearchQuerySchema,
} from '@curbside/shared';
import { z } from 'zod';
import { pathIdSchema } from '../../rest/inputs';
import { adminProcedure, router } from '../../trpc';

const tags = ['users'];

/**
 * The admin's Users tab: finding an account, suspending it with a note and lifting the suspension, and the list of
 * suspended accounts with every suspension and lift. A suspension or lift changes which cars are listed: every
 * list, ranking, counter and the sitemap may change, so each drops the whole read cache.
 */
export const usersAdminRouter = router({
  find: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/users',
        tags,
        summary: 'Users whose username or e-mail contains q (admin)',
      },
    })
    .input(userSearchQuerySchema)
    .output(adminUserListSchema)
    .query(({ ctx, input }) => ctx.services.suspensions.findUsers(input.q)),

  suspensions: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/suspensions',
        tags,
        summary: 'Suspended accounts with their hidden cars, and the latest suspensions and lifts (admin)',
      },
    })
    .input(z.void())
    .output(suspensionsOverviewSchema)
    .query(({ ctx }) => ctx.services.suspensions.overview()),

  suspend: adminProcedure
    .meta({
      refusals: ['NOT_FOUND', 'CONFLICT'],
      invalidates: 'everything',
      openapi: {
        method: 'POST',
        path: '/admin/users/{id}/suspension',
        tags,
        summary:
          'Suspend an account with a note: it is signed out everywhere, its API tokens are refused and its cars leave ' +
          'the public pages; the user is e-mailed the note (admin; an admin account cannot be suspended)',
      },
    })
    .input(suspendUserInputSchema.extend({ id: pathIdSchema }))
    .output(adminUserSchema)
    .mutation(({ ctx, input }) => ctx.services.suspensions.suspend(ctx.actor.id, input, ctx.req.log)),

  lift: adminProcedure
    .meta({
      refusals: ['NOT_FOUND', 'CONFLICT'],
      invalidates: 'everything',
      openapi: {
        method: 'DELETE',
        path: '/admin/users/{id}/suspension',
        tags,
        summary: 'Lift an account’s suspension: it may sign in again and its cars return with their votes (admin)',
      },
    })
    .input(liftSuspensionInputSchema.extend({ id: pathIdSchema }))
    .output(adminUserSchema)
    .mutation(({ ctx, input }) => ctx.services.suspensions.lift(ctx.actor.id, input, ctx.req.log)),
});
