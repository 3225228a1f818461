import { z } from 'zod';
import { isValidLaunchDate } from './launch-date';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import type { SiteMode } from './site-modes';

// Site settings: maintenance and coming-soon modes (part 1 §2; part 2 §2, §3, §5, §7).

const V = MESSAGES.validation;

/** Defaults, messages verbatim from part 2 §3. */
export const SITE_SETTINGS_DEFAULTS = {
  maintenanceMode: false,
  comingSoonMode: false,
  maintenanceMessage: "We're currently performing maintenance. Please check back soon.",
  comingSoonMessage: 'Our website is launching soon! Stay tuned for updates.',
  launchDate: null,
} as const satisfies SiteSettings;

export const siteSettingsSchema = z.object({
  maintenanceMode: z.boolean(),
  comingSoonMode: z.boolean(),
  maintenanceMessage: z.string(),
  comingSoonMessage: z.string(),
  /** 'YYYY-MM-DD' or null. */
  launchDate: z.string().nullable(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** A settings message: trimmed; blank falls back to the default text. */
function settingsMessage(defaultText: string) {
  return z
    .string()
    .trim()
    .max(LIMITS.siteMessageMax, V.tooLong(LIMITS.siteMessageMax))
    .transform((value) => value || defaultText);
}

/** PUT /api/site-settings: all five fields, as the Save Settings button sends them. Blank launch date is null. */
export const siteSettingsUpdateInputSchema = z.object({
  maintenanceMode: z.boolean(),
  comingSoonMode: z.boolean(),
  maintenanceMessage: settingsMessage(SITE_SETTINGS_DEFAULTS.maintenanceMessage),
  comingSoonMessage: settingsMessage(SITE_SETTINGS_DEFAULTS.comingSoonMessage),
  launchDate: z
    .string()
    .trim()
    .refine((value) => value === '' || isValidLaunchDate(value), V.launchDateInvalid)
    .meta({
      // A real calendar day of the years 0100–9999 (JavaScript's dates read 0000–0099 as 1900–1999), or ''.
      pattern: '^((0[1-9]\\d{2}|[1-9]\\d{3})-\\d{2}-\\d{2})?$',
      anyOf: [{ format: 'date' }, { maxLength: 0 }],
      description: "A date like 2026-12-31; '' or null: none",
    })
    .transform((value) => value || null)
    .nullable(),
});
export type SiteSettingsUpdateInput = z.infer<typeof siteSettingsUpdateInputSchema>;

/** The mode visitors see. When an admin switches both on, maintenance wins: the site is down, not launching. */
export function siteModeOf(settings: Pick<SiteSettings, 'maintenanceMode' | 'comingSoonMode'>): SiteMode {
  if (settings.maintenanceMode) return 'maintenance';
  if (settings.comingSoonMode) return 'comingSoon';
  return 'normal';
}
