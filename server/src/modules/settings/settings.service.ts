import {
  type ModerationSettings,
  type ModerationSettingsInput,
  SITE_MODE_ERROR_CODES,
  type SiteSettings,
  siteModeOf,
} from '@curbside/shared';
import type { DataSource } from 'typeorm';
import { DomainError } from '../../errors';
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

  /**
   * The 503 a non-admin gets while the site is in maintenance or coming-soon mode (the mode's own message, and a code
   * naming the mode), or null: the site is open, or the caller acts as an admin (trpc.ts actsAsAdmin).
   */
  async refusalFor(actsAsAdmin: boolean): Promise<DomainError | null> {
    if (actsAsAdmin) return null;
    const settings = await this.get();
    const mode = siteModeOf(settings);
    if (mode === 'normal') return null;
    const message = mode === 'maintenance' ? settings.maintenanceMessage : settings.comingSoonMessage;
    return new DomainError(SITE_MODE_ERROR_CODES[mode], message);
  }

  /** Whether a mode is on (then every response is decided for its viewer: see refusalFor). */
  async modeIsOn(): Promise<boolean> {
    return this.modeIsOnIfKnown() ?? siteModeOf(await this.get()) !== 'normal';
  }

  /**
   * Whether a mode is on, from the value in memory while it is fresh (undefined when it must be read): the hot read
   * paths ask on every request, and a cache hit should not wait for a promise.
   */
  modeIsOnIfKnown(): boolean | undefined {
    if (!this.cached || this.cached.until <= Date.now()) return undefined;
    return siteModeOf(this.cached.value) !== 'normal';
  }

  /**
   * The moderation settings (admin only: not part of the public settings every page reads). Read from the row each
   * time: a report and a submission ask, both rare next to page loads.
   */
  async moderation(): Promise<ModerationSettings> {
    const row = await this.ds.getRepository(SiteSettingsEntity).findOneOrFail({
      where: { id: SITE_SETTINGS_ID },
      select: { id: true, reportHoldThreshold: true, reviewNewCars: true, reviewEdits: true },
    });
    return {
      reportHoldThreshold: row.reportHoldThreshold,
      reviewNewCars: row.reviewNewCars,
      reviewEdits: row.reviewEdits,
    };
  }

  /** Changes the settings sent; one left out (reviewEdits, for callers made before it) keeps its value. */
  async updateModeration(input: ModerationSettingsInput): Promise<ModerationSettings> {
    const { reviewEdits, ...changes } = input;
    await this.ds
      .getRepository(SiteSettingsEntity)
      .update({ id: SITE_SETTINGS_ID }, reviewEdits === undefined ? changes : { ...changes, reviewEdits });
    return this.moderation();
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
