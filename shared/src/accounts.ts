import { z } from 'zod';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

const V = MESSAGES.validation;

// Accounts: sign-in, registration, password reset and the current user (spec part 1 §3, §5, §7).

export const USER_ROLES = ['user', 'owner', 'admin'] as const;
export const userRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof userRoleSchema>;

/**
 * What the document says of an e-mail: the format, and the pattern z.email() checks (the format alone admits
 * addresses it refuses, such as `!` or `%` before the @). Spaces around are trimmed by the check, so the document,
 * which has no trim, is stricter there, never looser.
 */
export const EMAIL_DOCUMENTED = { format: 'email', pattern: z.regexes.email.source } as const;
/** The longest address emailSchema takes. */
const EMAIL_MAX = 254;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, V.emailTooLong)
  .pipe(z.email(V.email))
  .meta(EMAIL_DOCUMENTED);

/** emailSchema behind a check of its own (a message for a missing address): what the document says of it. */
export const EMAIL_INPUT_DOCUMENTED = { ...EMAIL_DOCUMENTED, maxLength: EMAIL_MAX } as const;

export const usernameSchema = z
  .string()
  .trim()
  .min(LIMITS.usernameMin, V.usernameMin)
  .max(LIMITS.usernameMax, V.usernameMax)
  .regex(/^[A-Za-z0-9_.-]+$/, V.usernameCharacters);

/** What the server returns about a user: never a password hash or an internal column. */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  username: z.string(),
  email: z.string(),
  role: userRoleSchema,
  /** Whether the user followed the link mailed to `email`; until then no car submissions and no API tokens. */
  emailVerified: z.boolean(),
  /** The address the user asked to change to, until its link is followed (then it becomes `email`). */
  pendingEmail: z.string().nullable(),
  bio: z.string().nullable(),
  profilePicture: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const loginInputSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, V.passwordRequired).max(LIMITS.passwordMax, V.passwordTooLong),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

const registrationPassword = z
  .string()
  .min(LIMITS.registerPasswordMin, V.registerPasswordMin)
  .max(LIMITS.passwordMax, V.passwordTooLong);

/** What POST /api/register takes. confirmPassword stays in the browser (see registerFormSchema). */
export const registerInputSchema = z.object({
  email: emailSchema,
  username: usernameSchema,
  password: registrationPassword,
  name: z
    .string()
    .trim()
    .max(LIMITS.nameMax, V.nameMax)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

/** The registration form: the call's fields plus the confirmation, checked on confirmPassword. */
export const registerFormSchema = z
  .object({
    email: z.string().trim().pipe(z.email(V.email)).meta(EMAIL_DOCUMENTED),
    username: usernameSchema,
    name: z.string().max(LIMITS.nameMax, V.nameMax),
    password: registrationPassword,
    confirmPassword: z.string().min(1, V.confirmPasswordRequired),
  })
  // An empty confirmation already says 'Please confirm your password'; a mismatch message on top would be noise.
  .refine((v) => v.confirmPassword === '' || v.password === v.confirmPassword, {
    message: V.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const loginFormSchema = z.object({
  email: z.string().trim().pipe(z.email(V.email)).meta(EMAIL_DOCUMENTED),
  password: z.string().min(1, V.passwordRequired),
});

export const forgotPasswordInputSchema = z.object({ email: emailSchema });

export const resetPasswordInputSchema = z.object({
  token: z.string().min(20, V.resetLinkInvalid).max(200, V.resetLinkInvalid),
  password: z.string().min(LIMITS.newPasswordMin, V.newPasswordMin).max(LIMITS.passwordMax, V.passwordTooLong),
});

/**
 * POST /api/logout/everywhere: every browser session ends; `revokeTokens` also revokes every API token (chosen: off
 * unless asked, so signing out does not stop the account's scripts; a password change or reset always revokes them).
 */
export const logoutEverywhereInputSchema = z
  .object({ revokeTokens: z.boolean().optional() })
  .optional()
  .transform((input) => ({ revokeTokens: input?.revokeTokens ?? false }));
export type LogoutEverywhereInput = z.input<typeof logoutEverywhereInputSchema>;

/** POST /api/verify-email: the token of the link mailed to confirm an address. */
export const verifyEmailInputSchema = z.object({
  token: z.string().min(20, V.verificationLinkInvalid).max(200, V.verificationLinkInvalid),
});

/** PUT /api/profile/email: the new address (confirmed by a link mailed to it) and the current password. */
export const emailChangeInputSchema = z.object({
  email: emailSchema,
  currentPassword: z
    .string({ error: V.currentPasswordRequired })
    .min(1, V.currentPasswordRequired)
    .max(LIMITS.passwordMax, V.passwordTooLong),
});
export type EmailChangeInput = z.infer<typeof emailChangeInputSchema>;

export const okSchema = z.object({ ok: z.literal(true), message: z.string().optional() });
export type Ok = z.infer<typeof okSchema>;

/** The response to the password-reset request: the same whether or not the e-mail exists. */
export const PASSWORD_RESET_REQUESTED_MESSAGE = MESSAGES.auth.passwordResetRequested;

/** GET /api/user: the signed-in user, or null for a visitor. */
export const currentUserSchema = userSchema.nullable();
