import { z } from 'zod';
import { countSchema, idSchema } from './common';

// POST /api/votes (part 1 §3, §7). The 24-hour window is in ./vote-window.

export const voteInputSchema = z.object({ carId: idSchema });
export type VoteInput = z.infer<typeof voteInputSchema>;

export const voteOutputSchema = z.object({
  totalVotes: countSchema,
  /** Votes this calendar month (UTC). */
  lastMonthVotes: countSchema,
});
export type VoteOutput = z.infer<typeof voteOutputSchema>;
