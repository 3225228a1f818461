import { siteSettingsSchema, siteSettingsUpdateInputSchema } from '@curbside/shared';
import { z } from 'zod';
import { adminProcedure, publicProcedure, router } from '../../trpc';

const tags = ['site settings'];

export const settingsRouter = router({
  get: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/site-settings', tags, protect: false, summary: 'Site modes and messages' },
    })
    .input(z.void())
    .output(siteSettingsSchema)
    .query(({ ctx }) => ctx.services.settings.get()),

  update: adminProcedure
    .meta({
      openapi: { method: 'PUT', path: '/site-settings', tags, summary: 'Change site modes and messages (admin)' },
    })
    .input(siteSettingsUpdateInputSchema)
    .output(siteSettingsSchema)
    .mutation(({ ctx, input }) => ctx.services.settings.update(input)),
});
