import { voteInputSchema, voteOutputSchema } from '@curbside/shared';
import { voteInvalidates } from '../../cache-policies';
import { earlierIpHashes, hashIpBlock } from '../../lib/client-ip';
import { publicProcedure, router } from '../../trpc';

export const votesRouter = router({
  /** POST /api/votes: 201 with the car's new tallies; 429 inside the 24-hour cooldown; 404 for a missing car. */
  cast: publicProcedure
    .meta({
      refusals: ['NOT_FOUND'],
      openapi: { method: 'POST', path: '/votes', tags: ['votes'], protect: false, summary: 'Vote for a car' },
      successStatus: 201,
      invalidates: voteInvalidates,
    })
    .input(voteInputSchema)
    .output(voteOutputSchema)
    .mutation(({ ctx, input }) =>
      ctx.services.votes.vote(
        input.carId,
        ctx.ipHash,
        new Date(),
        input.source ? { source: input.source, eventId: input.eventId ?? null } : null,
        earlierIpHashes(ctx.clientIp, ctx.config.sessionSecret),
        hashIpBlock(ctx.clientIp, ctx.config.sessionSecret),
      ),
    ),
});
