import { siteSettingsSchema } from '@curbside/shared';
import { z } from 'zod';
import { sharedCache } from '../../cache-policies';
import { publicProcedure, router } from '../../trpc';

const tags = ['site settings'];

/** Public: what every page needs to decide the site mode. The admin update lives in admin-router.ts. */
export const settingsRouter = router({
  get: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/site-settings', tags, protect: false, summary: 'Site modes and messages' },
      cache: sharedCache,
    })
    .input(z.void())
    .output(siteSettingsSchema)
    .query(({ ctx }) => ctx.services.settings.get()),
});
