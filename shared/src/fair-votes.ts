import { z } from 'zod';
import { countSchema, idSchema, isoDateTimeSchema, requiredText } from './common';
import { MESSAGES } from './messages';

// The fair-vote review of the monthly ranking (issue 41 part 7): GET /api/admin/fair-votes, voids and restores.

const F = MESSAGES.fairVotes;

/** The cars the review covers: the current month's top. */
export const FAIR_VOTE_TOP = 20;
/** The busiest address blocks whose share each car shows. */
export const FAIR_VOTE_BUSIEST_BLOCKS = 10;
/** The most blocks one void may name. */
export const FAIR_VOTE_MAX_BLOCKS = 50;
/** The longest note of a void or restore. */
export const FAIR_VOTE_NOTE_MAX = 500;

/** A share of a car's counted votes, from 0 to 1. */
const shareSchema = z.number().min(0).max(1);

/** An address block as votes store it: the keyed hash of its /24 (IPv4) or /64 (IPv6), 64 hex digits. */
export const blockHashSchema = z.string().regex(/^[0-9a-f]{64}$/, F.blocksRequired);

export const fairVoteCarSchema = z.object({
  carId: idSchema,
  rank: z.number().int().min(1),
  name: z.string(),
  slug: z.string(),
  ownerName: z.string(),
  /** Counted votes this month (the tally). */
  votes: countSchema,
  /** This month's votes of the car that are voided. */
  voidedVotes: countSchema,
  /** Counted votes per Central day (oldest first), each with its hours that have votes (0-23, in order). */
  byDay: z.array(
    z.object({
      day: z.iso.date(),
      votes: countSchema,
      hours: z.array(z.object({ hour: z.number().int().min(0).max(23), votes: countSchema })),
    }),
  ),
  /** The ten busiest known blocks, busiest first. */
  busiestBlocks: z.array(z.object({ block: z.string(), votes: countSchema })),
  busiestBlocksShare: shareSchema,
  /** Counted votes cast before blocks were recorded. */
  unknownBlockVotes: countSchema,
  /** Votes through meet cards, per event the card named (null: none or a deleted one), most first. */
  cardEvents: z.array(
    z.object({
      eventId: idSchema.nullable(),
      eventTitle: z.string().nullable(),
      votes: countSchema,
      share: shareSchema,
    }),
  ),
  cardShare: shareSchema,
  /** Votes whose address cast its first vote ever on the same Central day. */
  firstSeenVotes: countSchema,
  firstSeenShare: shareSchema,
});
export type FairVoteCar = z.infer<typeof fairVoteCarSchema>;

export const fairVoteReviewSchema = z.object({
  /** 'YYYY-MM', the Central month under review. */
  month: z.string(),
  cars: z.array(fairVoteCarSchema),
});
export type FairVoteReview = z.infer<typeof fairVoteReviewSchema>;

/** POST /api/admin/fair-votes/voids: void a car's votes from `blocks` cast in [from, to). */
export const voidVotesInputSchema = z
  .object({
    carId: idSchema,
    blocks: z.array(blockHashSchema).min(1, F.blocksRequired).max(FAIR_VOTE_MAX_BLOCKS),
    from: isoDateTimeSchema,
    to: isoDateTimeSchema.meta({
      description: 'After from (a rule between two fields, which JSON Schema cannot state)',
    }),
    note: requiredText(F.noteRequired, FAIR_VOTE_NOTE_MAX),
  })
  .refine((input) => new Date(input.from) < new Date(input.to), { message: F.windowInvalid, path: ['to'] });
export type VoidVotesInput = z.infer<typeof voidVotesInputSchema>;

/** POST /api/admin/fair-votes/voids/{id}/restore. */
export const restoreVotesInputSchema = z.object({
  id: idSchema,
  note: z.string().trim().max(FAIR_VOTE_NOTE_MAX).optional(),
});
export type RestoreVotesInput = z.infer<typeof restoreVotesInputSchema>;

/** One void, as listed: who voided what, and who restored it. */
export const voteVoidSchema = z.object({
  id: idSchema,
  carId: idSchema,
  carName: z.string(),
  blocks: z.array(z.string()),
  from: isoDateTimeSchema,
  to: isoDateTimeSchema,
  votes: countSchema,
  note: z.string(),
  voidedBy: z.string(),
  voidedAt: isoDateTimeSchema,
  restoredBy: z.string().nullable(),
  restoredAt: isoDateTimeSchema.nullable(),
  restoreNote: z.string().nullable(),
});
export type VoteVoid = z.infer<typeof voteVoidSchema>;
export const voteVoidListSchema = z.array(voteVoidSchema);

/** A void or restore's answer: the record, and the car's tallies after it. */
export const voteVoidResultSchema = z.object({
  void: voteVoidSchema,
  totalVotes: countSchema,
  monthVotes: countSchema,
});
export type VoteVoidResult = z.infer<typeof voteVoidResultSchema>;
