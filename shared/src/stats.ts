import { z } from 'zod';
import { countSchema } from './common';
import { MESSAGES } from './messages';

// Site counters for the home hero (part 1 §3, §7) and the admin Statistics tab (part 2 §2).

/** GET /api/stats. */
export const siteStatsSchema = z.object({
  featuredCarsCount: countSchema,
  totalVotesCount: countSchema,
  printsOrderedCount: countSchema,
});
export type SiteStats = z.infer<typeof siteStatsSchema>;

/** The admin Statistics tab. category null means cars without a category. */
export const adminStatsSchema = z.object({
  totalCars: countSchema,
  featuredCars: countSchema,
  totalVotes: countSchema,
  categories: z.array(z.object({ category: z.string().nullable(), count: countSchema })),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** The label of a category bar: cars with no category are shown as 'Uncategorized'. */
export function categoryLabel(category: string | null | undefined): string {
  return category || MESSAGES.carCard.uncategorized;
}
