import { z } from 'zod';
import { carSchema } from './cars';
import { countSchema } from './common';
import { LEADERBOARD_PERIODS } from './constants';
import { LIMITS } from './limits';

// Top cars and the leaderboard (part 1 §2, §7, §9).

export const leaderboardPeriodSchema = z.enum(LEADERBOARD_PERIODS);

/** GET /api/cars/top?period=month|all&limit=N. month counts votes since the start of the month (US Central). */
export const topCarsQuerySchema = z.object({
  period: leaderboardPeriodSchema.default('month'),
  limit: z.number().int().min(1).max(LIMITS.leaderboardLimit).default(LIMITS.leaderboardLimit),
});
export type TopCarsQuery = z.infer<typeof topCarsQuerySchema>;

/**
 * One row of the leaderboard: a Car (every field of the data model, as `GET /api/cars/{slug}` returns it) with its
 * place added, so `GET /api/cars/top` responds with top cars as the spec's calls read them. The spec's product filled
 * 'Change' from a fixed pattern; here it is real: change = previous rank − rank (positive: moved up), where the
 * previous rank is the car's place in the same list (same period, same limit) as it stood 24 hours earlier, computed
 * from the vote timestamps. For 'month' that is the current month's list 24 hours ago. A car that was not in that
 * list has change null and isNew true.
 */
export const leaderboardEntrySchema = carSchema.extend({
  rank: z.number().int().positive(),
  /** Votes in the requested period (lastMonthVotes for 'month', totalVotes for 'all'). */
  votes: countSchema,
  change: z.number().int().nullable(),
  isNew: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const topCarsOutputSchema = z.array(leaderboardEntrySchema);

/** The rank change since 24 hours earlier: positive when the car moved up; null when it was not listed then. */
export function rankChange(previousRank: number | null | undefined, rank: number): number | null {
  return previousRank == null ? null : previousRank - rank;
}
