import type { SiteSettings } from '@curbside/shared';
import type { DataSource } from 'typeorm';
import { SITE_SETTINGS_ID, SiteSettingsEntity } from './site-settings.entity';

/**
 * The one settings row. Read on every page load, so it is cached in memory for a short time and dropped by every
 * write here; the TTL bounds how long another app server can show the old value.
 */
export class SettingsService {
  private cached: { value: SiteSettings; until: number } | null = null;

  constructor(
    private readonly ds: DataSource,
    private readonly ttlMs = 5_000,
  ) {}

  async get(): Promise<SiteSettings> {
    if (this.cached && this.cached.until > Date.now()) return this.cached.value;
    const row = await this.ds.getRepository(SiteSettingsEntity).findOneByOrFail({ id: SITE_SETTINGS_ID });
    const value = toSettings(row);
    this.cached = { value, until: Date.now() + this.ttlMs };
    return value;
  }

  async update(changes: Partial<SiteSettings>): Promise<SiteSettings> {
    await this.ds.getRepository(SiteSettingsEntity).update({ id: SITE_SETTINGS_ID }, changes);
    this.cached = null;
    return this.get();
  }
}

function toSettings(row: SiteSettingsEntity): SiteSettings {
  return {
    maintenanceMode: row.maintenanceMode,
    maintenanceMessage: row.maintenanceMessage,
    comingSoonMode: row.comingSoonMode,
    comingSoonMessage: row.comingSoonMessage,
    launchDate: row.launchDate,
  };
}
