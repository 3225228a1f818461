import { z } from 'zod';
import { countSchema, idSchema } from './common';

// POST /api/votes (part 1 §3, §7). The 24-hour window is in ./vote-window.

/**
 * source 'card': the voter opened the car's page from a meet card's QR code (and eventId: at that event). Both are
 * optional and only attribute the vote; an eventId naming no event running around the vote (MEET_CARD_VOTE_DAYS)
 * is refused with 400.
 */
export const voteInputSchema = z.object({
  carId: idSchema,
  source: z.enum(['card']).optional(),
  eventId: idSchema.optional(),
});
export type VoteInput = z.infer<typeof voteInputSchema>;

export const voteOutputSchema = z.object({
  totalVotes: countSchema,
  /** Votes this calendar month (UTC). */
  lastMonthVotes: countSchema,
});
export type VoteOutput = z.infer<typeof voteOutputSchema>;
