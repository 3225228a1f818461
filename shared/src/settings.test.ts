import { describe, expect, it } from 'vitest';
import { SITE_SETTINGS_DEFAULTS, siteModeOf, siteSettingsSchema, siteSettingsUpdateInputSchema } from './settings';
import { issuesOf } from './test-helpers';

describe('site settings', () => {
  it('default to both modes off with the spec messages', () => {
    expect(siteSettingsSchema.parse(SITE_SETTINGS_DEFAULTS)).toEqual({
      maintenanceMode: false,
      comingSoonMode: false,
      maintenanceMessage: "We're currently performing maintenance. Please check back soon.",
      comingSoonMessage: 'Our website is launching soon! Stay tuned for updates.',
      launchDate: null,
    });
  });

  const update = {
    maintenanceMode: false,
    comingSoonMode: true,
    maintenanceMessage: 'Back soon',
    comingSoonMessage: '  ',
    launchDate: '2026-05-01',
  };

  it('takes a YYYY-MM-DD launch date, and blank or null as no date', () => {
    expect(siteSettingsUpdateInputSchema.parse(update).launchDate).toBe('2026-05-01');
    expect(siteSettingsUpdateInputSchema.parse({ ...update, launchDate: '' }).launchDate).toBeNull();
    expect(siteSettingsUpdateInputSchema.parse({ ...update, launchDate: null }).launchDate).toBeNull();
  });

  it.each(['2026-02-30', '05/01/2026', '2026-05-01T00:00:00Z'])('rejects launch date %j', (launchDate) => {
    expect(issuesOf(siteSettingsUpdateInputSchema, { ...update, launchDate }).launchDate).toEqual([
      'Please enter a valid launch date',
    ]);
  });

  it('falls back to the default text for a blank message', () => {
    expect(siteSettingsUpdateInputSchema.parse(update).comingSoonMessage).toBe(
      SITE_SETTINGS_DEFAULTS.comingSoonMessage,
    );
  });

  it('shows maintenance when both modes are on', () => {
    expect(siteModeOf({ maintenanceMode: true, comingSoonMode: true })).toBe('maintenance');
    expect(siteModeOf({ maintenanceMode: false, comingSoonMode: true })).toBe('comingSoon');
    expect(siteModeOf({ maintenanceMode: false, comingSoonMode: false })).toBe('normal');
  });
});
