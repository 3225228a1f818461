import { eventCreateInputSchema, eventListSchema, eventSchema, eventUpdateInputSchema } from '@curbside/shared';
import { z } from 'zod';
import { pathIdSchema } from '../../rest/inputs';
import { adminProcedure, router } from '../../trpc';

const tags = ['events'];

/** Event management (admin). Times arrive and leave as UTC instants; the form converts from Central time. */
export const eventsAdminRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/events', tags, summary: 'All events, soonest first (admin)' } })
    .input(z.void())
    .output(eventListSchema)
    .query(({ ctx }) => ctx.services.events.list()),

  create: adminProcedure
    .meta({
      successStatus: 201,
      openapi: { method: 'POST', path: '/events', tags, summary: 'Create an event (admin)' },
    })
    .input(eventCreateInputSchema)
    .output(eventSchema)
    .mutation(({ ctx, input }) => ctx.services.events.create(input)),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/events/{id}', tags, summary: 'Change an event (admin)' } })
    .input(eventUpdateInputSchema.extend({ id: pathIdSchema }))
    .output(eventSchema)
    .mutation(({ ctx, input }) => ctx.services.events.update(input)),

  delete: adminProcedure
    .meta({
      successStatus: 204,
      openapi: { method: 'DELETE', path: '/events/{id}', tags, summary: 'Delete an event (admin)' },
    })
    .input(z.object({ id: pathIdSchema }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await ctx.services.events.delete(input.id);
    }),
});
