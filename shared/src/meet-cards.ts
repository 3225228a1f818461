import { z } from 'zod';
import { countSchema, idSchema } from './common';
import { MESSAGES } from './messages';

// Meet cards: a printable PDF card per car with a QR code to its page, and the votes that came through it.

/** The most cars one meet-card PDF holds (an admin's download for an event). */
export const MEET_CARD_MAX_CARS = 60;

/**
 * A vote through a card printed for an event names that event from this many days before its date to this many
 * after (cards are handed out at the meet, and scanned there or in the days after); outside it, or for an event that
 * is gone or switched off, the vote is refused with MESSAGES.meetCards.eventNotRunning.
 */
export const MEET_CARD_VOTE_DAYS = { before: 2, after: 14 } as const;

/**
 * a6: one A6 card per page (it also prints on 4×6 in photo paper with "fit to page"); sheet: four cards per US Letter
 * sheet; sheet-a4: four cards per A4 sheet.
 */
export const meetCardLayoutSchema = z.enum(['a6', 'sheet', 'sheet-a4']);
export type MeetCardLayout = z.infer<typeof meetCardLayoutSchema>;

/** GET /api/cars/{id}/meet-card.pdf?layout= (the car's owner). */
export const meetCardQuerySchema = z.object({ layout: meetCardLayoutSchema.default('a6') });

const carIdListSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.meetCards.noCarsChosen)
  .transform((text) => text.split(',').map((part) => Number(part.trim())))
  .pipe(
    z
      .array(idSchema)
      .min(1, MESSAGES.meetCards.noCarsChosen)
      .max(MEET_CARD_MAX_CARS, MESSAGES.meetCards.tooManyCars(MEET_CARD_MAX_CARS)),
  );

/** GET /api/admin/meet-cards.pdf?carIds=1,2,3&layout=&eventId= (admin). */
export const adminMeetCardsQuerySchema = z.object({
  carIds: z.string({ error: MESSAGES.meetCards.noCarsChosen }).pipe(carIdListSchema),
  layout: meetCardLayoutSchema.default('a6'),
  eventId: z.coerce.number().pipe(idSchema).optional(),
});

/** The download addresses the client links to. */
export const meetCardPaths = {
  owner: (carId: number, layout: MeetCardLayout) => `/api/cars/${carId}/meet-card.pdf?layout=${layout}`,
  admin: (carIds: number[], layout: MeetCardLayout, eventId?: number | null) =>
    `/api/admin/meet-cards.pdf?carIds=${carIds.join(',')}&layout=${layout}${eventId ? `&eventId=${eventId}` : ''}`,
};

/** GET /api/admin/stats/card-votes: votes cast after scanning a meet card, per event (null: no event chosen). */
export const cardVotesStatsSchema = z.array(
  z.object({ eventId: z.number().int().nullable(), eventTitle: z.string().nullable(), votes: countSchema }),
);
export type CardVotesStats = z.infer<typeof cardVotesStatsSchema>;
