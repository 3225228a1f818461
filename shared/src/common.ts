import { z } from 'zod';
import { FILE_URL_PREFIX } from './constants';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

// Building blocks of the call schemas. Outputs carry dates as ISO strings and money as integer cents.

const V = MESSAGES.validation;

/** The largest id a table holds (ids are INT columns): a larger number is no id, and MySQL refuses to store it. */
export const MAX_ID = 2_147_483_647;

/** A database id. The REST adapter coerces path and query strings to numbers before this runs. */
/** What the document says of an id (idSchema), wherever the id arrives as text (a path, a form field). */
export const ID_DOCUMENTED = { type: 'integer', minimum: 1, maximum: MAX_ID } as const;

export const idSchema = z
  .number({ error: V.invalidId })
  .int(V.invalidId)
  .min(ID_DOCUMENTED.minimum, V.invalidId)
  .max(MAX_ID, V.invalidId);
export const idInputSchema = z.object({ id: idSchema });
export type IdInput = z.infer<typeof idInputSchema>;

/** Text that holds something besides spaces (a trimmed field's `min(1)`), as a JSON Schema pattern. */
export const NOT_BLANK_PATTERN = '\\S';

export const slugInputSchema = z.object({
  slug: z.string().trim().min(1).max(200).meta({ pattern: NOT_BLANK_PATTERN }),
});
export type SlugInput = z.infer<typeof slugInputSchema>;

/** An instant in a response: `date.toISOString()`. */
export const isoDateTimeSchema = z.iso.datetime();

/** A calendar date 'YYYY-MM-DD' in a response (advertisement start and end): any four-digit year. */
export const calendarDateSchema = z.iso.date();

/**
 * The calendar days a request may name: what an advertisement or an order filter can mean, and what every step
 * handles alike (MySQL's DATETIME starts at year 1000, Date.UTC reads years below 100 as 19xx).
 */
export const CALENDAR_DATE_RANGE = { min: '2000-01-01', max: '2099-12-31' } as const;

/** CALENDAR_DATE_RANGE's days as a JSON Schema pattern (format `date` refuses the days a month does not have). */
export const CALENDAR_DATE_PATTERN = '^20\\d\\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';

/** A calendar date 'YYYY-MM-DD' a request sends, within CALENDAR_DATE_RANGE. Rejects 2025-02-30. */
export const calendarDateInputSchema = z.iso
  .date()
  .refine((day) => day >= CALENDAR_DATE_RANGE.min && day <= CALENDAR_DATE_RANGE.max, {
    message: V.dateOutOfRange(CALENDAR_DATE_RANGE.min, CALENDAR_DATE_RANGE.max),
  })
  // The document: a real calendar day (format) of the years 2000-2099 (the pattern), as the checks above.
  .meta({ format: 'date', pattern: CALENDAR_DATE_PATTERN });

/** An amount of money in a response. */
export const centsSchema = z.number().int().nonnegative();

/** A count in a response. */
export const countSchema = z.number().int().nonnegative();

/**
 * A boolean in a query string or a JSON body: true/false, or 'true'/'false'/'1'/'0'. (z.boolean() alone turns
 * ?featured=false into true once the REST adapter coerces it.)
 */
export const queryBooleanSchema = z.union([z.boolean(), z.stringbool()]);

/**
 * Where the next page of a list starts (keyset pagination): an opaque text the previous page handed out. Its shape is
 * checked here; the server decodes it (server/src/db/keyset.ts) and refuses one it did not make.
 */
export const cursorSchema = z
  .string({ error: V.invalidCursor })
  .min(1, V.invalidCursor)
  .max(LIMITS.cursorMax, V.invalidCursor)
  .regex(/^[A-Za-z0-9_-]+$/, V.invalidCursor);

/** The older `offset` of the documented list calls: kept, but only up to LIMITS.listOffsetMax (a cursor goes on). */
export const offsetSchema = z.number().int().min(0).max(LIMITS.listOffsetMax, V.offsetTooLarge(LIMITS.listOffsetMax));

/**
 * limit plus a cursor (or, for the documented calls, a bounded offset; not both) for the lists that can grow without
 * bound. Responses stay plain arrays, as the spec's calls return; the next page's cursor is sent beside them.
 */
export const pageQuerySchema = z.object({
  limit: z.number().int().min(1).max(LIMITS.listLimitMax).default(LIMITS.adminListLimit),
  offset: offsetSchema.optional(),
  cursor: cursorSchema.optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** One page of a list as /trpc returns it: the rows, and the cursor of the next page (null on the last page). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: cursorSchema.nullable() });
}
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A required text field: trimmed, with the spec's "required" message for missing, null and blank values. */
export function requiredText(requiredMessage: string, maxLength: number) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(maxLength, V.tooLong(maxLength))
    .meta({ pattern: NOT_BLANK_PATTERN });
}

/**
 * An optional text field: trimmed; blank or null becomes null (clears the field); absent stays undefined so a
 * partial update leaves the stored value alone.
 */
export function optionalText(maxLength: number) {
  return z
    .string()
    .trim()
    .max(maxLength, V.tooLong(maxLength))
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));
}

/** An absolute http(s) URL. z.url() alone would also accept javascript: and other schemes. */
export function httpUrlSchema(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(LIMITS.urlMax, V.tooLong(LIMITS.urlMax))
    .meta({ format: 'uri', pattern: '^https?://' })
    .pipe(z.url({ protocol: /^https?$/, error: message }));
}

/** A host name whose last label starts with a letter (a URL parser reads a number there as an IPv4 address). */
const HOST_PATTERN = '([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\\.)*[A-Za-z]([A-Za-z0-9-]*[A-Za-z0-9])?';

/**
 * imageUrlSchema's values as a JSON Schema pattern, spaces around allowed (the check trims them): an http(s) URL of a
 * host name, with a path (and query) of any visible characters, or a stored file path (isStoredFilePath). URLs the
 * check also takes (an IP address, a port, capitals in the scheme) are left out: the document is stricter there.
 */
const IMAGE_URL_PATTERN = `^\\s*(https?://${HOST_PATTERN}(/\\S*)?|${FILE_URL_PREFIX}[\\w/-]*(\\.[\\w/-]+)*\\.?)\\s*$`;

/** An image location: an absolute http(s) URL or a file this server stores (/api/file/…). */
export function imageUrlSchema(requiredMessage: string, invalidMessage: string = requiredMessage) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(LIMITS.urlMax, V.tooLong(LIMITS.urlMax))
    .refine((value) => isHttpUrl(value) || isStoredFilePath(value), invalidMessage)
    .meta({ pattern: IMAGE_URL_PATTERN, description: 'An http(s) URL or a file uploaded here' });
}

function isHttpUrl(value: string): boolean {
  return z.url({ protocol: /^https?$/ }).safeParse(value).success;
}

function isStoredFilePath(value: string): boolean {
  return value.startsWith(FILE_URL_PREFIX) && /^[\w\-./]+$/.test(value) && !value.includes('..');
}
