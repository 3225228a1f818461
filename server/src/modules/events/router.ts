import { eventListSchema } from '@curbside/shared';
import { z } from 'zod';
import { sharedCache } from '../../cache-policies';
import { publicProcedure, router } from '../../trpc';

const tags = ['events'];

export const eventsRouter = router({
  upcoming: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/events/upcoming', tags, protect: false, summary: 'Upcoming car meets' },
      cache: sharedCache,
    })
    .input(z.void())
    .output(eventListSchema)
    .query(({ ctx }) => ctx.services.events.upcoming()),
});
