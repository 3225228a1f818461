import { z } from 'zod';
import { NOT_BLANK_PATTERN } from './common';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

// My Profile: display name, biography and password (part 1 §2, §5, §7). The picture is a multipart upload.

const V = MESSAGES.validation;

export const displayNameSchema = z
  .string({ error: V.displayNameRequired })
  .trim()
  .min(1, V.displayNameRequired)
  .max(LIMITS.nameMax, V.nameMax)
  .meta({ pattern: NOT_BLANK_PATTERN });

/** PUT /api/profile: { name } or { bio } (either or both). A blank bio clears it. */
export const profileUpdateInputSchema = z
  .object({
    name: displayNameSchema.optional(),
    bio: z
      .string()
      .trim()
      .max(LIMITS.bioMax, V.tooLong(LIMITS.bioMax))
      .transform((value) => value || null)
      .nullable()
      .optional(),
  })
  .refine((update) => update.name !== undefined || update.bio !== undefined, V.atLeastOneField)
  .meta({ anyOf: [{ required: ['name'] }, { required: ['bio'] }] });
export type ProfileUpdateInput = z.infer<typeof profileUpdateInputSchema>;

const newPasswordSchema = z
  .string({ error: V.newPasswordRequired })
  .min(1, { error: V.newPasswordRequired, abort: true })
  .min(LIMITS.newPasswordMin, V.newPasswordMin)
  .max(LIMITS.passwordMax, V.passwordTooLong);

/** PUT /api/profile/password. */
export const passwordChangeInputSchema = z.object({
  currentPassword: z
    .string({ error: V.currentPasswordRequired })
    .min(1, V.currentPasswordRequired)
    .max(LIMITS.passwordMax, V.passwordTooLong),
  newPassword: newPasswordSchema,
});
export type PasswordChangeInput = z.infer<typeof passwordChangeInputSchema>;

/** The Security tab's form: the call's fields plus a confirmation that stays in the browser. */
export const passwordChangeFormSchema = passwordChangeInputSchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: V.newPasswordsDontMatch,
    path: ['confirmPassword'],
  });
export type PasswordChangeFormValues = z.input<typeof passwordChangeFormSchema>;
