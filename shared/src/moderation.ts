import { z } from 'zod';
import { countSchema, idSchema, isoDateTimeSchema, optionalText, requiredText } from './common';
import { MESSAGES } from './messages';

// Trust and safety (issue 41 parts 1–4): reports of a car or a photo, the admin's review queue and its actions, the
// automatic hold, and the optional approval of new cars.

const M = MESSAGES.moderation;

/**
 * Where a car stands in review. Only 'public' lets it be listed (server cars/listing.ts): 'held' (reports reached the
 * threshold), 'hidden' (an admin hid it), 'pending' (a new car waiting for approval), 'rejected' (not approved).
 */
export const REVIEW_STATES = ['public', 'held', 'hidden', 'pending', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const reviewStateSchema = z.enum(REVIEW_STATES);

/** The one rule of review for a car's listing: only a car in public review state may be listed. */
export function reviewAllowsListing(state: ReviewState): boolean {
  return state === 'public';
}

export const REPORT_REASONS = ['notStreetCar', 'offensive', 'notTheirPhoto', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const reportReasonSchema = z.enum(REPORT_REASONS);

/**
 * Who raised a flag on an item. User reports are one kind; checks of the site's own add kinds here and write rows to
 * the same table. 'edit': a member's edit sent an approved car back to review (cars/edit-review.ts); its row names
 * what changed, and the queue shows the car as an edit rather than a new car.
 */
export const FLAG_KINDS = ['report', 'edit'] as const;
export type FlagKind = (typeof FLAG_KINDS)[number];

/** What a member's edit of an approved car changed, as the review queue names it: a field of the car, or its photos. */
export const EDITED_PARTS = [
  'make',
  'model',
  'year',
  'category',
  'ownerName',
  'specs',
  'story',
  'additionalSpecs',
  'photos',
] as const;
export type EditedPart = (typeof EDITED_PARTS)[number];

/**
 * 'suspendOwner' suspends the car's owner through the suspensions domain (its rules, record and e-mail): their cars
 * leave the public pages until the suspension is lifted.
 */
export const REVIEW_ACTIONS = ['dismiss', 'hide', 'removePhoto', 'approve', 'reject', 'suspendOwner'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];
export const reviewActionNameSchema = z.enum(REVIEW_ACTIONS);

export const MODERATION_LIMITS = {
  /** Chosen: reports one user may send in any hour. */
  reportsPerHour: 20,
  reportWindowMs: 60 * 60 * 1000,
  reportDetailsMax: 500,
  noteMax: 1000,
  holdThresholdMin: 1,
  holdThresholdMax: 100,
  /** Recorded actions per page of the admin's list. */
  actionsPage: 50,
} as const;

export const MODERATION_SETTINGS_DEFAULTS = {
  reportHoldThreshold: 3,
  reviewNewCars: false,
  reviewEdits: false,
} as const;

// ---- Reports ---------------------------------------------------------------------------------------------------

/** POST /api/cars/{carId}/reports: the car, or one of its photos (imageId). */
export const reportFieldsSchema = z.object({
  carId: idSchema,
  imageId: idSchema.optional(),
  reason: reportReasonSchema,
  details: optionalText(MODERATION_LIMITS.reportDetailsMax),
});

/** 'other' needs a few words saying what is wrong. */
export function reportDetailsGiven(value: { reason: ReportReason; details?: string | null }, ctx: z.RefinementCtx) {
  if (value.reason === 'other' && !value.details) {
    ctx.addIssue({ code: 'custom', path: ['details'], message: M.reportDetailsRequired });
  }
}

export const reportInputSchema = reportFieldsSchema.superRefine(reportDetailsGiven);
export type ReportInput = z.input<typeof reportInputSchema>;

export const reportReceivedSchema = z.object({ id: idSchema, createdAt: isoDateTimeSchema });
export type ReportReceived = z.infer<typeof reportReceivedSchema>;

// ---- What the owner sees ---------------------------------------------------------------------------------------

/** On a car that is not public (only its owner and admins get such a car): its state and the rejection's reason. */
export const carReviewSchema = z.object({ state: reviewStateSchema, note: z.string().nullable() });
export type CarReview = z.infer<typeof carReviewSchema>;

// ---- The queue -------------------------------------------------------------------------------------------------

export const reviewQueueItemSchema = z.object({
  /** 'car-12' or 'photo-12-34': one item per car or photo. */
  key: z.string(),
  /**
   * Flags raised on the item, a new car waiting for approval, an approved car a member's edit sent back to review,
   * or a car an admin hid or rejected.
   */
  kind: z.enum(['flags', 'newCar', 'edit', 'setAside']),
  car: z.object({
    id: idSchema,
    slug: z.string(),
    name: z.string(),
    ownerName: z.string().nullable(),
    reviewState: reviewStateSchema,
    previewUrl: z.string().nullable(),
  }),
  photo: z.object({ id: idSchema, url: z.string() }).nullable(),
  /** Distinct reporters of the item's open flags. */
  count: countSchema,
  reasons: z.array(z.object({ reason: reportReasonSchema, count: countSchema })),
  /** The words of 'other' reports (never who wrote them); a rejected car's reason. */
  details: z.array(z.string()),
  kinds: z.array(z.enum(FLAG_KINDS)),
  /** An edit's changes since the car was last approved (empty for other kinds). */
  changed: z.array(z.enum(EDITED_PARTS)),
  since: isoDateTimeSchema,
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;
export const reviewQueueSchema = z.array(reviewQueueItemSchema);

/** POST /api/admin/reviews/cars/{carId}/actions */
export const reviewActionInputSchema = z.object({
  carId: idSchema,
  action: reviewActionNameSchema,
  /** The photo the action is about: required to remove one; with dismiss, only that photo's reports close. */
  imageId: idSchema.optional(),
  note: requiredText(M.noteRequired, MODERATION_LIMITS.noteMax),
});
export type ReviewActionInput = z.input<typeof reviewActionInputSchema>;

export const reviewActionSchema = z.object({
  id: idSchema,
  action: reviewActionNameSchema,
  carId: idSchema.nullable(),
  carName: z.string(),
  imageId: idSchema.nullable(),
  note: z.string(),
  adminName: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type ReviewActionRecord = z.infer<typeof reviewActionSchema>;
export const reviewActionListSchema = z.array(reviewActionSchema);

// ---- Settings --------------------------------------------------------------------------------------------------

export const moderationSettingsSchema = z.object({
  reportHoldThreshold: z.number().int().min(MODERATION_LIMITS.holdThresholdMin).max(MODERATION_LIMITS.holdThresholdMax),
  reviewNewCars: z.boolean(),
  /** While reviewNewCars is on: a member's edit of a public car's texts or photos sends it back to 'pending'. */
  reviewEdits: z.boolean(),
});
export type ModerationSettings = z.infer<typeof moderationSettingsSchema>;

/** PUT /api/site-settings/moderation: every setting; reviewEdits (added later) may be left out, keeping its value. */
export const moderationSettingsInputSchema = moderationSettingsSchema.extend({ reviewEdits: z.boolean().optional() });
export type ModerationSettingsInput = z.infer<typeof moderationSettingsInputSchema>;
