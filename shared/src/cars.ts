import { z } from 'zod';
import { userRoleSchema } from './accounts';
import {
  countSchema,
  idSchema,
  isoDateTimeSchema,
  NOT_BLANK_PATTERN,
  optionalText,
  pageQuerySchema,
  pageSchema,
  queryBooleanSchema,
  requiredText,
} from './common';
import { CAR_CATEGORIES } from './constants';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { carReviewSchema } from './moderation';

// Cars and their images: responses and the submit/edit calls (part 1 §3, §7; part 2 §2, §3, §5, §7).

const V = MESSAGES.validation;

export const carCategorySchema = z.enum(CAR_CATEGORIES, { error: V.categoryRequired });

// ---- Responses -------------------------------------------------------------------------------------------------

/** Responsive copies the server makes of an uploaded photo, by width in pixels. */
export const imageVariantsSchema = z.object({ w400: z.string(), w800: z.string(), w1600: z.string() }).partial();

export const carImageSchema = z.object({
  id: idSchema,
  url: z.string(),
  isPrimary: z.boolean(),
  /** true for the site's official photos, false for photos the owner uploaded. */
  isAdminUploaded: z.boolean(),
  caption: z.string().nullable(),
  fileSize: z.number().int().nonnegative().nullable(),
  /** The original's pixels: what a print of it can be (isLargeEnoughForPrint). */
  width: countSchema,
  height: countSchema,
  variants: imageVariantsSchema.optional(),
});
export type CarImage = z.infer<typeof carImageSchema>;

export const ownerDetailsSchema = z.object({
  name: z.string().nullable(),
  profilePicture: z.string().nullable(),
  role: userRoleSchema,
  bio: z.string().nullable(),
});
export type OwnerDetails = z.infer<typeof ownerDetailsSchema>;

export const specValueSchema = z.union([z.string(), z.number(), z.boolean()]);
/** Named extra specs: engine, horsepower, transmission, drivetrain, modified, or any other. */
export const additionalSpecsSchema = z.record(z.string(), specValueSchema);
export type AdditionalSpecs = z.infer<typeof additionalSpecsSchema>;

export const carSchema = z.object({
  id: idSchema,
  slug: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  category: carCategorySchema.nullable(),
  story: z.string().nullable(),
  /** The overview text of the Specifications tab. */
  specs: z.string().nullable(),
  additionalSpecs: additionalSpecsSchema,
  featured: z.boolean(),
  /** False until the car's first photo is stored: only its owner sees it then (My Vehicles, its edit page). */
  published: z.boolean(),
  legalAgreement: z.boolean(),
  ownerId: idSchema.nullable(),
  ownerName: z.string().nullable(),
  ownerDetails: ownerDetailsSchema.nullable(),
  images: z.array(carImageSchema),
  totalVotes: countSchema,
  /** Votes in the current calendar month (UTC); the spec's name is kept. */
  lastMonthVotes: countSchema,
  /** Whether the current viewer's vote for this car is still in its 24-hour cooldown. */
  hasVoted: z.boolean(),
  createdAt: isoDateTimeSchema,
  /** Only on a car that is not public (its owner's and admins' views): held, hidden, waiting or rejected. */
  review: carReviewSchema.optional(),
});
export type Car = z.infer<typeof carSchema>;

/**
 * GET /api/admin/cars/{slug}: a car as an admin sees it, public or not, and whether its owner is suspended (the
 * reason the public gets "Car not found" beside its review state and a missing photo).
 */
export const adminCarSchema = carSchema.extend({ ownerSuspended: z.boolean() });
export type AdminCar = z.infer<typeof adminCarSchema>;

export const carListSchema = z.array(carSchema);

// GET /api/cars/by-id/{id} and GET /api/cars/{slug} take idInputSchema and slugInputSchema from ./common.

// ---- List and search queries -----------------------------------------------------------------------------------

/** GET /api/cars?limit=100: newest first; home asks featured=true. */
export const carListQuerySchema = pageQuerySchema.extend({
  limit: z.number().int().min(1).max(LIMITS.listLimitMax).default(LIMITS.galleryFetchLimit),
  featured: queryBooleanSchema.optional(),
  category: carCategorySchema.optional(),
});
export type CarListQuery = z.infer<typeof carListQuerySchema>;

/** cars.page (/trpc; the gallery's Load More and the admin's car list): the same list, by cursor only. */
export const carPageQuerySchema = carListQuerySchema.omit({ offset: true });
export type CarPageQuery = z.infer<typeof carPageQuerySchema>;
export const carPageSchema = pageSchema(carSchema);
export type CarPage = z.infer<typeof carPageSchema>;

/** GET /api/cars/search?q=: matches make, model or owner name. */
export const carSearchQuerySchema = z.object({
  q: z
    .string({ error: V.searchRequired })
    .trim()
    .min(1, V.searchRequired)
    .max(LIMITS.searchQueryMax)
    // Spaces alone are no search text: the text must hold something else.
    .meta({ pattern: '\\S' }),
  limit: z.number().int().min(1).max(LIMITS.listLimitMax).default(LIMITS.galleryFetchLimit),
});
export type CarSearchQuery = z.infer<typeof carSearchQuerySchema>;

// ---- Submit and edit -------------------------------------------------------------------------------------------

/** Chosen: the first car built for sale (Benz Patent-Motorwagen, 1886); the latest is next year (latestCarYear). */
export const CAR_YEAR_MIN = 1886;
/** A year as text from CAR_YEAR_MIN on, four digits, spaces around allowed (the check trims them). */
const CAR_YEAR_TEXT_PATTERN = '^\\s*(18(8[6-9]|9\\d)|19\\d\\d|[2-9]\\d{3})\\s*$';

/** Year as typed or sent: 1999 or '1999' → 1999. Exactly four digits, from 1886 to next year. */
export const carYearSchema = z
  .union([z.string(), z.number()], { error: V.yearRequired })
  // The document: four digits from 1886 on, as text (spaces around are trimmed) or a number. The upper bound (next
  // year) moves each January, so it is said in words rather than as a `maximum` (docs/decisions.md).
  .meta({
    anyOf: [
      { type: 'string', pattern: CAR_YEAR_TEXT_PATTERN },
      { type: 'integer', minimum: CAR_YEAR_MIN, maximum: 9999 },
    ],
    description: `A four-digit year from ${CAR_YEAR_MIN} to next year (the calendar year plus one, a bound that moves each January 1; a later year is refused)`,
  })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .min(1, { error: V.yearRequired, abort: true })
      .regex(/^\d{4}$/, V.yearFormat),
  )
  .transform(Number)
  .superRefine((year, ctx) => {
    // Next year's models are on sale from this autumn; the bound moves with the date of each request.
    const max = latestCarYear();
    if (year < CAR_YEAR_MIN || year > max) ctx.addIssue({ code: 'custom', message: V.yearRange(CAR_YEAR_MIN, max) });
  });

/** The latest year a car may have (next year), read when a value is checked, not when the module loads. */
export function latestCarYear(now: Date = new Date()): number {
  return now.getFullYear() + 1;
}

const specEntriesSchema = z
  .record(
    z.string().trim().min(1).max(LIMITS.specKeyMax).meta({ pattern: NOT_BLANK_PATTERN }),
    z.union([z.string().trim().max(LIMITS.specValueMax, V.tooLong(LIMITS.specValueMax)), z.number(), z.boolean()]),
  )
  // A blank optional field (engine: '') means "not given".
  .transform((specs) => Object.fromEntries(Object.entries(specs).filter(([, value]) => value !== '')));

/** An object of at most LIMITS.specEntriesMax entries, counted before any entry is checked. */
function isSpecObject(value: unknown): value is Record<string, unknown> {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).length <= LIMITS.specEntriesMax
  );
}

/** Specs whose value is yes or no: stored and returned as booleans, whatever words the sender used. */
export const YES_NO_SPECS = ['modified'] as const;

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0', '']);

/**
 * The specs with each yes/no spec as a boolean ('Yes', 'true', 1 → true; 'No', 'false', 0, '' → false); a value
 * that is neither is kept as it is. Applied where specs come in and where they go out, so every source shows alike.
 */
export function normalizeSpecs(specs: AdditionalSpecs): AdditionalSpecs {
  const normalized = { ...specs };
  for (const key of YES_NO_SPECS) {
    const value = normalized[key];
    if (value === undefined || typeof value === 'boolean') continue;
    const word = String(value).trim().toLowerCase();
    if (YES.has(word)) normalized[key] = true;
    else if (NO.has(word)) normalized[key] = false;
  }
  return normalized;
}

/** JSON's spaces, and a JSON string of characters that need no escape (`chars`: which, as a class's contents). */
const JSON_SPACE = '[ \\t\\n\\r]*';
const PLAIN = '"\\\\\\u0000-\\u001f';
/** A spec's name as JSON text: 1 to LIMITS.specKeyMax characters, neither end a space, none escaped. */
const SPEC_NAME_JSON = `"[^${PLAIN}\\s]([^${PLAIN}]{0,${LIMITS.specKeyMax - 2}}[^${PLAIN}\\s])?"`;
/**
 * A spec's value as JSON text: text of at most LIMITS.specValueMax characters (none escaped), a number (of a size that
 * stays finite), or yes/no.
 */
const SPEC_VALUE_JSON = `("[^${PLAIN}]{0,${LIMITS.specValueMax}}"|-?(0|[1-9]\\d{0,14})(\\.\\d{1,15})?([eE][+-]?\\d{1,2})?|true|false)`;
const SPEC_ENTRY_JSON = `${JSON_SPACE}${SPEC_NAME_JSON}${JSON_SPACE}:${JSON_SPACE}${SPEC_VALUE_JSON}${JSON_SPACE}`;

/**
 * additionalSpecs as JSON text, as a JSON Schema pattern: '' (no specs), or an object of at most
 * LIMITS.specEntriesMax entries. The check parses the text, so it also takes escapes and names with spaces around,
 * which the document leaves out: it is stricter there, never looser.
 */
const SPECS_JSON_PATTERN = `^(|${JSON_SPACE}\\{(${SPEC_ENTRY_JSON}(,${SPEC_ENTRY_JSON}){0,${LIMITS.specEntriesMax - 1}}|${JSON_SPACE})\\}${JSON_SPACE})$`;

/**
 * additionalSpecs as sent: an object, or the same object as a JSON string (part 2 §3). Always comes out as an
 * object; '' and null give {}. More than LIMITS.specEntriesMax entries are refused before any entry is looked at,
 * with one message: a body of 60,000 entries would otherwise cost a parse and an issue per entry.
 */
export const additionalSpecsInputSchema = z
  .union(
    [
      z.string().meta({ description: 'The same object as JSON text', pattern: SPECS_JSON_PATTERN }),
      z.record(z.string(), z.unknown()).meta({
        maxProperties: LIMITS.specEntriesMax,
        propertyNames: { maxLength: LIMITS.specKeyMax, pattern: NOT_BLANK_PATTERN },
        additionalProperties: {
          anyOf: [{ type: 'string', maxLength: LIMITS.specValueMax }, { type: 'number' }, { type: 'boolean' }],
        },
      }),
      z.null(),
    ],
    { error: V.additionalSpecsInvalid },
  )
  .transform((value, ctx) => {
    if (value === null || value === '') return {};
    let specs: unknown = value;
    if (typeof value === 'string') {
      try {
        specs = JSON.parse(value);
      } catch {
        specs = undefined; // refused below
      }
    }
    if (isSpecObject(specs)) return specs;
    ctx.addIssue({ code: 'custom', message: V.additionalSpecsInvalid });
    return z.NEVER;
  })
  .pipe(specEntriesSchema)
  .transform(normalizeSpecs);

/** The fields of a car that its owner (or an admin) writes. */
const carFields = {
  make: requiredText(V.makeRequired, LIMITS.makeMax),
  model: requiredText(V.modelRequired, LIMITS.modelMax),
  year: carYearSchema,
  ownerName: requiredText(V.ownerNameRequired, LIMITS.nameMax),
  category: carCategorySchema,
  specs: optionalText(LIMITS.specsMax),
  story: optionalText(LIMITS.storyMax),
  additionalSpecs: additionalSpecsInputSchema,
  legalAgreement: z.literal(true, { error: V.legalAgreementRequired }),
};

/**
 * POST /api/cars. The spec's client also sends slug and ownerId: they are stripped, because the server makes
 * the slug (unique) and the owner is the signed-in user.
 */
export const carCreateInputSchema = z.object({
  ...carFields,
  additionalSpecs: additionalSpecsInputSchema.default({}),
});
export type CarCreateInput = z.infer<typeof carCreateInputSchema>;

/**
 * PUT /api/cars/{id}: any subset of the fields (an admin's feature toggle sends only { id, featured }).
 * featured is honoured for admins only; slug and ownerId are stripped as on create.
 */
export const carUpdateInputSchema = z
  .object({ ...carFields, featured: z.boolean() })
  .partial()
  .extend({ id: idSchema });
export type CarUpdateInput = z.infer<typeof carUpdateInputSchema>;

/**
 * The submit/edit form (part 2 §2): separate fields for the common specs, folded into additionalSpecs on the way
 * out, so `carFormSchema.parse(values)` is the body of the create or update call.
 */
export const carFormSchema = z
  .object({
    make: carFields.make,
    model: carFields.model,
    year: carFields.year,
    ownerName: carFields.ownerName,
    category: carFields.category,
    engine: z.string().trim().max(LIMITS.specValueMax, V.tooLong(LIMITS.specValueMax)).default(''),
    horsepower: z
      .union([z.string(), z.number()])
      .transform((value) => String(value).trim())
      .pipe(z.string().max(LIMITS.specValueMax, V.tooLong(LIMITS.specValueMax)))
      .default(''),
    transmission: z.string().trim().max(LIMITS.specValueMax, V.tooLong(LIMITS.specValueMax)).default(''),
    drivetrain: z.string().trim().max(LIMITS.specValueMax, V.tooLong(LIMITS.specValueMax)).default(''),
    modified: z.boolean().default(false),
    specs: carFields.specs,
    story: carFields.story,
    legalAgreement: carFields.legalAgreement,
  })
  .transform(({ engine, horsepower, transmission, drivetrain, modified, ...car }) => {
    const additionalSpecs: AdditionalSpecs = { modified };
    if (engine) additionalSpecs.engine = engine;
    // A plain number of horsepower is stored as a number so cards can print 'N HP'.
    if (horsepower) additionalSpecs.horsepower = /^\d+$/.test(horsepower) ? Number(horsepower) : horsepower;
    if (transmission) additionalSpecs.transmission = transmission;
    if (drivetrain) additionalSpecs.drivetrain = drivetrain;
    return { ...car, additionalSpecs };
  });
export type CarFormValues = z.input<typeof carFormSchema>;

// ---- Images ----------------------------------------------------------------------------------------------------

/** POST /api/images (multipart): the text fields next to the `image` file. */
export const imageUploadFieldsSchema = z.object({
  carId: z.coerce.number({ error: V.invalidId }).pipe(idSchema),
  isPrimary: queryBooleanSchema.default(false),
});
export type ImageUploadFields = z.infer<typeof imageUploadFieldsSchema>;

/** PATCH /api/images/{id}/primary: returns the car's images with the new primary. */
export const setPrimaryImageInputSchema = z.object({ id: idSchema, carId: idSchema });
export type SetPrimaryImageInput = z.infer<typeof setPrimaryImageInputSchema>;
export const carImageListSchema = z.array(carImageSchema);

/** GET /api/owner/cars: the signed-in user's cars. */
export const ownerCarsOutputSchema = carListSchema;
