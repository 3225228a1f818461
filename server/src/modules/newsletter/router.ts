import { subscribeInputSchema, subscribeOutputSchema } from '@curbside/shared';
import { publicProcedure, router } from '../../trpc';

export const newsletterRouter = router({
  subscribe: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/subscribe',
        tags: ['newsletter'],
        protect: false,
        summary: 'Subscribe an e-mail address (subscribing again is a success too)',
      },
    })
    .input(subscribeInputSchema)
    .output(subscribeOutputSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await ctx.services.newsletter.subscribe(input.email, input.source, ctx.ipHash);
      return { ok: true, message: result.message };
    }),
});
