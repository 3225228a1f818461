import { siteSettingsSchema, siteSettingsUpdateInputSchema } from '@curbside/shared';
import { adminProcedure, router } from '../../trpc';

const tags = ['site settings'];

export const settingsAdminRouter = router({
  update: adminProcedure
    .meta({
      openapi: { method: 'PUT', path: '/site-settings', tags, summary: 'Change site modes and messages (admin)' },
    })
    .input(siteSettingsUpdateInputSchema)
    .output(siteSettingsSchema)
    .mutation(({ ctx, input }) => ctx.services.settings.update(input)),
});
