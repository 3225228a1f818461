import { z } from 'zod';
import { centralDateString, centralWallTimeToUtc } from './central-time';
import { httpUrlSchema, idSchema, imageUrlSchema, isoDateTimeSchema, requiredText } from './common';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

// Car-meet events (part 1 §2, §3, §7; part 2 §2, §3, §5, §7). Stored as UTC; entered and shown in Central time.

const V = MESSAGES.validation;

export const eventSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  location: z.string(),
  eventDate: isoDateTimeSchema,
  imageUrl: z.string(),
  fbEventUrl: z.string().nullable(),
  active: z.boolean(),
});
export type CarEvent = z.infer<typeof eventSchema>;

/** GET /api/events (admin: all) and GET /api/events/upcoming (active, from today on). */
export const eventListSchema = z.array(eventSchema);

/** A Facebook event link: an http(s) URL, or blank for none (stored as null). */
const fbEventUrlSchema = z
  .union([z.literal(''), httpUrlSchema(V.fbEventUrlInvalid), z.null()], { error: V.fbEventUrlInvalid })
  .transform((value) => value || null);

const eventFields = {
  title: requiredText(V.eventTitleRequired, LIMITS.titleMax),
  description: requiredText(V.eventDescriptionRequired, LIMITS.descriptionMax),
  /** The instant in UTC (ISO). The form sends Central wall time instead; see eventFormSchema. */
  eventDate: z
    .string({ error: V.eventDateRequired })
    .min(1, V.eventDateRequired)
    .meta({ format: 'date-time' })
    .pipe(isoDateTimeSchema),
  location: requiredText(V.eventLocationRequired, LIMITS.locationMax),
  imageUrl: imageUrlSchema(V.eventImageUrlRequired, V.imageUrlInvalid),
  fbEventUrl: fbEventUrlSchema.optional(),
  active: z.boolean(),
};

/** POST /api/events. */
export const eventCreateInputSchema = z.object({ ...eventFields, active: z.boolean().default(true) });
export type EventCreateInput = z.infer<typeof eventCreateInputSchema>;

/** PUT /api/events/{id}: any subset (the Active toggle sends only { id, active }). */
export const eventUpdateInputSchema = z.object(eventFields).partial().extend({ id: idSchema });
export type EventUpdateInput = z.infer<typeof eventUpdateInputSchema>;

/** The event date field: Central wall time 'YYYY-MM-DDTHH:mm' → the UTC instant as ISO. */
export const centralWallTimeInputSchema = z
  .string({ error: V.eventDateRequired })
  .trim()
  .min(1, { error: V.eventDateRequired, abort: true })
  .transform((value, ctx) => {
    const instant = centralWallTimeToUtc(value);
    if (!instant) {
      ctx.addIssue({ code: 'custom', message: V.eventDateRequired });
      return z.NEVER;
    }
    return instant.toISOString();
  });

/** The admin event form: `eventFormSchema.parse(values)` is the body of the create or update call. */
export const eventFormSchema = eventCreateInputSchema.extend({ eventDate: centralWallTimeInputSchema });
export type EventFormValues = z.input<typeof eventFormSchema>;

/**
 * The first instant that still counts as upcoming: the start of today in Central time, so an event stays listed
 * for the rest of its day.
 */
export function upcomingEventsFrom(now: Date = new Date()): Date {
  return centralWallTimeToUtc(`${centralDateString(now)}T00:00`) as Date;
}
