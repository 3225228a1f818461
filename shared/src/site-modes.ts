// Site modes' names and error codes, apart from the settings schemas: the browser's tRPC client reads the codes, and
// this module imports nothing (zod stays out of the first page's bundle).

export type SiteMode = 'normal' | 'maintenance' | 'comingSoon';

/**
 * The `code` of the 503 the server responds to a non-admin's call with while a mode is on (its `message` is the mode's
 * message): a client seeing one knows the site went into that mode since it read the settings.
 */
export const SITE_MODE_ERROR_CODES = {
  maintenance: 'MAINTENANCE_MODE',
  comingSoon: 'COMING_SOON_MODE',
} as const satisfies Record<Exclude<SiteMode, 'normal'>, string>;
