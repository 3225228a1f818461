import { topCarsOutputSchema, topCarsQuerySchema } from '@curbside/shared';
import { leaderboardCache } from '../../cache-policies';
import { fromQuery } from '../../rest/inputs';
import { publicProcedure } from '../../trpc';

const inputSchema = topCarsQuerySchema.extend({ limit: fromQuery(topCarsQuerySchema.shape.limit) });

/** GET /api/cars/top?period=month|all&limit=N: the leaderboard, with each car's move against 24 hours earlier. */
export const topCarsProcedure = publicProcedure
  .meta({
    openapi: { method: 'GET', path: '/cars/top', tags: ['cars'], protect: false, summary: 'Most-voted cars' },
    cache: leaderboardCache,
  })
  .input(inputSchema)
  .output(topCarsOutputSchema)
  .query(({ ctx, input }) => ctx.services.leaderboard.top(input, ctx));
