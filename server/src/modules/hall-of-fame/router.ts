import {
  carHonoursSchema,
  hallOfFameMonthInputSchema,
  hallOfFameMonthSchema,
  hallOfFameWinnersSchema,
  slugInputSchema,
} from '@curbside/shared';
import { z } from 'zod';
import { carHonoursCache, hallOfFameCache, hallOfFameMonthCache } from '../../cache-policies';
import { publicProcedure, router } from '../../trpc';

const tags = ['hall-of-fame'];

/** The Hall of Fame: closed months' final rankings (hall-of-fame.service.ts), read like the leaderboard. */
export const hallOfFameRouter = router({
  winners: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/hall-of-fame',
        tags,
        protect: false,
        summary: 'Every closed month with its winner, newest first',
      },
      cache: hallOfFameCache,
    })
    .input(z.void())
    .output(hallOfFameWinnersSchema)
    .query(({ ctx }) => ctx.services.hallOfFame.winners(ctx)),

  month: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/hall-of-fame/{month}',
        tags,
        protect: false,
        summary: "A closed month's final top 10",
      },
      cache: hallOfFameMonthCache,
    })
    .input(hallOfFameMonthInputSchema)
    .output(hallOfFameMonthSchema)
    .query(({ ctx, input }) => ctx.services.hallOfFame.month(input.month, ctx)),

  honours: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/cars/{slug}/honours',
        tags,
        protect: false,
        summary: 'The closed months a car placed in (its Hall of Fame honours)',
      },
      cache: carHonoursCache,
    })
    .input(slugInputSchema)
    .output(carHonoursSchema)
    .query(({ ctx, input }) => ctx.services.hallOfFame.honoursOf(input.slug)),
});
