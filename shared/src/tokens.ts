import { z } from 'zod';
import { isoDateTimeSchema, requiredText } from './common';
import { MESSAGES } from './messages';

// Personal API tokens (chosen): a script sends one as `Authorization: Bearer cbs_…` instead of replaying a
// browser sign-in. A token is shown once, when it is made; the server keeps only its SHA-256.

const V = MESSAGES.validation;

/**
 * Chosen: the longest token name (what the script is for). Here rather than in LIMITS, whose every entry the home
 * page's bundle carries.
 */
export const API_TOKEN_NAME_MAX = 60;

/** What every token starts with, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'cbs_';

/**
 * What a token may do, each within the rights its owner has at the time of the call: `read` only reads (GET,
 * queries), `write` also changes what its owner may change, `admin` also reaches the admin calls (admins only).
 */
export const API_TOKEN_SCOPES = ['read', 'write', 'admin'] as const;
export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES, { error: V.apiTokenScope });
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;

/** POST /api/tokens. */
export const apiTokenCreateInputSchema = z.object({
  name: requiredText(V.apiTokenNameRequired, API_TOKEN_NAME_MAX),
  scope: apiTokenScopeSchema,
});
export type ApiTokenCreateInput = z.infer<typeof apiTokenCreateInputSchema>;

/** A token as listed: never its secret, only the first characters to tell tokens apart. */
export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: apiTokenScopeSchema,
  /** The token's first characters, e.g. "cbs_Xy12". */
  hint: z.string(),
  createdAt: isoDateTimeSchema,
  lastUsedAt: isoDateTimeSchema.nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The response of POST /api/tokens: the token, and its secret, shown this once. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
