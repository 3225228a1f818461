import { z } from 'zod';
import { countSchema, cursorSchema, idSchema, isoDateTimeSchema, pageSchema } from './common';
import { LIMITS } from './limits';

// Copied-photo flags (admin): a new car photo whose perceptual hash is within a few bits of another user's photo.

export const PHOTO_MATCH_STATUSES = ['open', 'dismissed'] as const;
export type PhotoMatchStatus = (typeof PHOTO_MATCH_STATUSES)[number];

/** Pairs of photos a page of the admin's list shows. */
export const PHOTO_MATCH_PAGE_SIZE = 20;

/** GET /api/admin/photo-matches: open flags (or dismissed ones), newest first, a page at a time. */
export const photoMatchListQuerySchema = z.object({
  status: z.enum(PHOTO_MATCH_STATUSES).default('open'),
  limit: z.number().int().min(1).max(LIMITS.listLimitMax).default(PHOTO_MATCH_PAGE_SIZE),
  cursor: cursorSchema.optional(),
});
export type PhotoMatchListQuery = z.infer<typeof photoMatchListQuerySchema>;

/** One of the two photos of a flag: the picture, its car and the car's owner. */
export const photoMatchPhotoSchema = z.object({
  imageId: idSchema,
  /** A mid-sized copy of the photo (the 800-pixel rendition where there is one). */
  url: z.string(),
  uploadedAt: isoDateTimeSchema,
  car: z.object({ id: idSchema, slug: z.string(), title: z.string() }),
  /** The car's owner; null for a car of the site's own. */
  owner: z.object({ id: idSchema, username: z.string(), name: z.string().nullable() }).nullable(),
});
export type PhotoMatchPhoto = z.infer<typeof photoMatchPhotoSchema>;

export const photoMatchSchema = z.object({
  id: idSchema,
  /** Hash bits the two photos differ in, out of 64: 0 is the same picture as far as the hash can tell. */
  distance: countSchema.max(64),
  createdAt: isoDateTimeSchema,
  dismissedAt: isoDateTimeSchema.nullable(),
  /** The later photo: the one that may be a copy. */
  photo: photoMatchPhotoSchema,
  /** The earlier photo of another user that it looks like. */
  matched: photoMatchPhotoSchema,
});
export type PhotoMatch = z.infer<typeof photoMatchSchema>;

export const photoMatchPageSchema = pageSchema(photoMatchSchema);
export type PhotoMatchPage = z.infer<typeof photoMatchPageSchema>;
