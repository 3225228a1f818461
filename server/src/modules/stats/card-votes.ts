import { type CardVotesStats, cardVotesStatsSchema } from '@curbside/shared';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { adminProcedure, router } from '../../trpc';

/**
 * Votes that came through meet cards (issue 26), per event: counted from card_votes, which holds only those votes
 * (written in the vote's transaction). A card printed without an event, or naming an event that is gone, counts
 * under no event. Events with the most card votes first; "no event" last.
 */
export class CardVotesService {
  constructor(private readonly ds: DataSource) {}

  async perEvent(): Promise<CardVotesStats> {
    const rows: { eventId: unknown; eventTitle: string | null; votes: unknown }[] = await this.ds.query(
      `SELECT e.id AS eventId, e.title AS eventTitle, COUNT(*) AS votes
       FROM card_votes cv LEFT JOIN events e ON e.id = cv.eventId
       GROUP BY e.id, e.title`,
    );
    return rows
      .map((row) => ({
        eventId: row.eventId === null ? null : Number(row.eventId),
        eventTitle: row.eventTitle ?? null,
        votes: Number(row.votes),
      }))
      .sort((a, b) => Number(a.eventId === null) - Number(b.eventId === null) || b.votes - a.votes);
  }
}

/** Mounted under admin.cardVotes (modules/admin/router.ts) beside the Statistics tab's own procedures. */
export const cardVotesAdminRouter = router({
  perEvent: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/stats/card-votes',
        tags: ['stats'],
        summary: 'Votes cast through meet cards, per event (admin)',
      },
    })
    .input(z.void())
    .output(cardVotesStatsSchema)
    .query(({ ctx }) => ctx.services.cardVotes.perEvent()),
});
