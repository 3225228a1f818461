import { z } from 'zod';
import { carSchema } from './cars';
import { countSchema } from './common';
import { HALL_OF_FAME_MESSAGES } from './messages/hall-of-fame';
import { isMonthKey, MONTH_KEY_PATTERN } from './vote-window';

// The Hall of Fame: each closed month's final top 10, frozen once from the vote rows.

/** How many places a closed month keeps. */
export const HALL_OF_FAME_PLACES = 10;

/** 'YYYY-MM', a Central month. */
export const monthKeySchema = z
  .string()
  .refine(isMonthKey, HALL_OF_FAME_MESSAGES.badMonth)
  .meta({ pattern: MONTH_KEY_PATTERN });

export const hallOfFameMonthInputSchema = z.object({ month: monthKeySchema });

/**
 * One place of a closed month: its rank, its votes in that month, the car's name and owner as they were when the
 * month closed, and the car as it is now — null once it is deleted or unlisted (the place stays, shown as removed).
 */
export const hallOfFamePlaceSchema = z.object({
  rank: z.number().int().min(1).max(HALL_OF_FAME_PLACES),
  votes: countSchema,
  /** '1999 Nissan Skyline' */
  name: z.string(),
  ownerName: z.string(),
  car: carSchema.nullable(),
});
export type HallOfFamePlace = z.infer<typeof hallOfFamePlaceSchema>;

/** GET /api/hall-of-fame/{month}: a closed month's final ranking. */
export const hallOfFameMonthSchema = z.object({
  month: monthKeySchema,
  /** 'October 2026' */
  label: z.string(),
  places: z.array(hallOfFamePlaceSchema),
});
export type HallOfFameMonth = z.infer<typeof hallOfFameMonthSchema>;

/** GET /api/hall-of-fame: every closed month with votes, newest first, with its winner. */
export const hallOfFameWinnersSchema = z.array(
  z.object({ month: monthKeySchema, label: z.string(), winner: hallOfFamePlaceSchema }),
);
export type HallOfFameWinners = z.infer<typeof hallOfFameWinnersSchema>;

/** GET /api/cars/{slug}/honours: the closed months a car placed in, newest first. */
export const carHonoursSchema = z.array(
  z.object({
    month: monthKeySchema,
    label: z.string(),
    rank: z.number().int().min(1).max(HALL_OF_FAME_PLACES),
    votes: countSchema,
  }),
);
export type CarHonours = z.infer<typeof carHonoursSchema>;
