import {
  moderationSettingsInputSchema,
  moderationSettingsSchema,
  siteSettingsSchema,
  siteSettingsUpdateInputSchema,
} from '@curbside/shared';
import { z } from 'zod';
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

  moderation: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/site-settings/moderation',
        tags,
        summary: 'Reports before an automatic hold; whether new cars and edits need approval (admin)',
      },
    })
    .input(z.void())
    .output(moderationSettingsSchema)
    .query(({ ctx }) => ctx.services.settings.moderation()),

  updateModeration: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/site-settings/moderation',
        tags,
        summary: 'Change the moderation settings (admin)',
      },
      invalidates: 'nothing',
    })
    .input(moderationSettingsInputSchema)
    .output(moderationSettingsSchema)
    .mutation(({ ctx, input }) => ctx.services.settings.updateModeration(input)),
});
