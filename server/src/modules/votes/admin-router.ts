import {
  fairVoteReviewSchema,
  restoreVotesInputSchema,
  type VoteVoidResult,
  voidVotesInputSchema,
  voteVoidListSchema,
  voteVoidResultSchema,
} from '@curbside/shared';
import { z } from 'zod';
import { carTag, rankingTag, VOTES_TAG } from '../../cache-policies';
import type { Invalidates } from '../../read-cache/policy';
import { pathIdSchema } from '../../rest/inputs';
import { adminProcedure, router } from '../../trpc';

const tags = ['votes'];

/**
 * A void or restore moves one car's tallies: its own responses (the rankings and Hall of Fame pages it is in carry its
 * tag), the rankings its new tallies reach, and the site counters.
 */
const talliesMoved: Invalidates = (result: VoteVoidResult) => [
  carTag(result.void.carId),
  rankingTag('month', result.monthVotes),
  rankingTag('all', result.totalVotes),
  VOTES_TAG,
];

const actorOf = (user: { id: number; name: string | null; username: string }) => ({
  id: user.id,
  name: user.name?.trim() || user.username,
});

/** Mounted under admin.fairVotes (modules/admin/router.ts): the fair-vote review of the monthly ranking. */
export const fairVotesAdminRouter = router({
  review: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/fair-votes',
        tags,
        summary: "This month's top 20 with each car's votes by day, hour, address block and meet card (admin)",
      },
    })
    .input(z.void())
    .output(fairVoteReviewSchema)
    .query(({ ctx }) => ctx.services.fairVotes.review()),

  voids: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/fair-votes/voids',
        tags,
        summary: 'Voids and restores, newest first (admin)',
      },
    })
    .input(z.void())
    .output(voteVoidListSchema)
    .query(({ ctx }) => ctx.services.fairVotes.history()),

  void: adminProcedure
    .meta({
      successStatus: 201,
      refusals: ['NOT_FOUND', 'CONFLICT'],
      invalidates: talliesMoved,
      openapi: {
        method: 'POST',
        path: '/admin/fair-votes/voids',
        tags,
        summary: "Void a car's votes from address blocks in a time window (admin)",
      },
    })
    .input(voidVotesInputSchema)
    .output(voteVoidResultSchema)
    .mutation(({ ctx, input }) => ctx.services.fairVotes.void(input, actorOf(ctx.user))),

  restore: adminProcedure
    .meta({
      refusals: ['NOT_FOUND', 'CONFLICT'],
      invalidates: talliesMoved,
      openapi: {
        method: 'POST',
        path: '/admin/fair-votes/voids/{id}/restore',
        tags,
        summary: 'Count the votes of a void again (admin)',
      },
    })
    .input(restoreVotesInputSchema.extend({ id: pathIdSchema }))
    .output(voteVoidResultSchema)
    .mutation(({ ctx, input }) => ctx.services.fairVotes.restore(input.id, input.note, actorOf(ctx.user))),
});
