import { z } from 'zod';
import { centralDateString } from './central-time';
import {
  CALENDAR_DATE_PATTERN,
  calendarDateInputSchema,
  calendarDateSchema,
  httpUrlSchema,
  idSchema,
  imageUrlSchema,
  optionalText,
  requiredText,
} from './common';
import { AD_TYPES } from './constants';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

// Advertisements (part 1 §3, §4, §7; part 2 §2, §3, §5, §7). Start and end are Central calendar days, inclusive.

const V = MESSAGES.validation;

export const adTypeSchema = z.enum(AD_TYPES, { error: V.adTypeRequired });

export const advertisementSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string().nullable(),
  type: adTypeSchema,
  imageUrl: z.string(),
  linkUrl: z.string(),
  startDate: calendarDateSchema.nullable(),
  endDate: calendarDateSchema.nullable(),
  active: z.boolean(),
});
export type Advertisement = z.infer<typeof advertisementSchema>;

/** GET /api/advertisements (admin: all) and GET /api/advertisements/active (live now). */
export const advertisementListSchema = z.array(advertisementSchema);

const adFields = {
  name: requiredText(V.adNameRequired, LIMITS.titleMax),
  description: optionalText(LIMITS.descriptionMax),
  type: adTypeSchema,
  imageUrl: imageUrlSchema(V.imageUrlInvalid),
  linkUrl: httpUrlSchema(V.adLinkUrlInvalid),
  startDate: z
    .string({ error: V.adStartDateRequired })
    .min(1, V.adStartDateRequired)
    .meta({ format: 'date', pattern: CALENDAR_DATE_PATTERN })
    .pipe(calendarDateInputSchema),
  endDate: z
    .string({ error: V.adEndDateRequired })
    .min(1, V.adEndDateRequired)
    .meta({
      format: 'date',
      pattern: CALENDAR_DATE_PATTERN,
      description: 'On or after startDate (a rule between two fields, which JSON Schema cannot state)',
    })
    .pipe(calendarDateInputSchema),
  active: z.boolean(),
};

// 'YYYY-MM-DD' strings compare like the dates they name.
const endNotBeforeStart = (ad: { startDate?: string; endDate?: string }) =>
  !ad.startDate || !ad.endDate || ad.endDate >= ad.startDate;
const endNotBeforeStartIssue = { message: V.adEndBeforeStart, path: ['endDate'] };

/** POST /api/advertisements, and the admin form (it holds the same fields). */
export const advertisementCreateInputSchema = z
  .object({ ...adFields, active: z.boolean().default(true) })
  .refine(endNotBeforeStart, endNotBeforeStartIssue);
export type AdvertisementCreateInput = z.infer<typeof advertisementCreateInputSchema>;
export type AdvertisementFormValues = z.input<typeof advertisementCreateInputSchema>;

/** PUT /api/advertisements/{id}: any subset (the Active toggle sends only { id, active }). */
export const advertisementUpdateInputSchema = z
  .object(adFields)
  .partial()
  .extend({ id: idSchema })
  .refine(endNotBeforeStart, endNotBeforeStartIssue);
export type AdvertisementUpdateInput = z.infer<typeof advertisementUpdateInputSchema>;

/** POST /api/upload/advertisement (multipart `image` plus `type`). */
export const adImageUploadFieldsSchema = z.object({ type: adTypeSchema });
export const adImageUploadOutputSchema = z.object({ url: z.string() });

/** The form's default period: today to 30 days from today (part 2 §5), in Central days. */
export function defaultAdPeriod(now: Date = new Date()): { startDate: string; endDate: string } {
  const startDate = centralDateString(now);
  const end = new Date(`${startDate}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + LIMITS.adDefaultPeriodDays);
  const endDate = end.toISOString().slice(0, 10);
  return { startDate, endDate };
}

/**
 * Whether an ad may be shown now: active, and today (Central) within its optional start and end days.
 * The home and gallery banner also require type 'banner' and pick one of the live ones at random (part 1 §4).
 */
export function isAdLive(
  ad: { active: boolean; startDate: string | null; endDate: string | null },
  now: Date = new Date(),
): boolean {
  const today = centralDateString(now);
  return ad.active && (!ad.startDate || ad.startDate <= today) && (!ad.endDate || today <= ad.endDate);
}
