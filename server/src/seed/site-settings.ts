import { SITE_SETTINGS_DEFAULTS } from '@curbside/shared';
import type { DataSource, EntityManager } from 'typeorm';
import { SITE_SETTINGS_ID, SiteSettingsEntity } from '../modules/settings/site-settings.entity';

/**
 * Makes sure the single settings row exists (every database needs it, demo or not), with the defaults of part 2 §3.
 * An insert that ignores an existing row, so two servers starting together and a row an admin edited are both fine.
 */
export async function ensureSiteSettings(db: DataSource | EntityManager): Promise<void> {
  await db
    .getRepository(SiteSettingsEntity)
    .createQueryBuilder()
    .insert()
    .values({ id: SITE_SETTINGS_ID, ...SITE_SETTINGS_DEFAULTS })
    .orIgnore()
    .execute();
}
