import { z } from 'zod';
import { userRoleSchema } from './accounts';
import { idSchema, isoDateTimeSchema, optionalText, requiredText } from './common';
import { SUSPENSION_MESSAGES } from './messages/suspensions';

// Suspensions (issue 41 part 6, chosen): an admin suspends an account with a note and lifts it again. While it is
// suspended the account cannot sign in, its sessions and API tokens are refused and its cars leave the public pages.

/** The longest note of a suspension or a lift (it is mailed to the user). */
export const SUSPENSION_NOTE_MAX = 1000;

/** POST /api/admin/users/{id}/suspension. */
export const suspendUserInputSchema = z.object({
  id: idSchema,
  note: requiredText(SUSPENSION_MESSAGES.noteRequired, SUSPENSION_NOTE_MAX),
});
export type SuspendUserInput = z.infer<typeof suspendUserInputSchema>;

/** DELETE /api/admin/users/{id}/suspension: the note is optional (a word to the user in the e-mail). */
export const liftSuspensionInputSchema = z.object({
  id: idSchema,
  note: optionalText(SUSPENSION_NOTE_MAX),
});
export type LiftSuspensionInput = z.infer<typeof liftSuspensionInputSchema>;

/** GET /api/admin/users?q=: part of a username or an e-mail address. */
export const USER_SEARCH_MIN = 2;
export const userSearchQuerySchema = z.object({
  q: z.string().trim().min(USER_SEARCH_MIN).max(100).meta({ pattern: '\\S\\S' }),
});
export type UserSearchQuery = z.infer<typeof userSearchQuerySchema>;

/** A user as the admin's Users tab lists them. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: userRoleSchema,
  /** When the current suspension began; null while the account is active. */
  suspendedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.array(adminUserSchema);

export const SUSPENSION_ACTIONS = ['suspended', 'lifted'] as const;
export type SuspensionAction = (typeof SUSPENSION_ACTIONS)[number];

const personSchema = z.object({ id: z.number().int(), username: z.string() });

/** One suspension or lift, as recorded: whose account, what was done, by which admin, when and why. */
export const suspensionRecordSchema = z.object({
  id: z.number().int(),
  user: personSchema,
  action: z.enum(SUSPENSION_ACTIONS),
  note: z.string().nullable(),
  /** The admin who acted; null once that account is gone. */
  by: personSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type SuspensionRecord = z.infer<typeof suspensionRecordSchema>;

/** A car of a suspended account, hidden from the public pages and kept for the admin. */
export const hiddenCarSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  totalVotes: z.number().int(),
});
export type HiddenCar = z.infer<typeof hiddenCarSchema>;

/** A suspended account with the suspension's record and the cars it hides. */
export const suspendedAccountSchema = z.object({
  user: adminUserSchema,
  suspension: suspensionRecordSchema.nullable(),
  cars: z.array(hiddenCarSchema),
});
export type SuspendedAccount = z.infer<typeof suspendedAccountSchema>;

/** GET /api/admin/suspensions: the accounts suspended now, and the latest suspensions and lifts. */
export const suspensionsOverviewSchema = z.object({
  suspended: z.array(suspendedAccountSchema),
  history: z.array(suspensionRecordSchema),
});
export type SuspensionsOverview = z.infer<typeof suspensionsOverviewSchema>;
