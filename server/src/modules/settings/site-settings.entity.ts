import { Column, Entity, PrimaryColumn } from 'typeorm';
import { UpdatedAtColumn } from '../../db/columns';

/** The single settings row (id 1), created at start by ensureSiteSettings with the spec's defaults. */
@Entity('site_settings')
export class SiteSettingsEntity {
  @PrimaryColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'boolean', default: false })
  maintenanceMode!: boolean;

  @Column({ type: 'varchar', length: 1000 })
  maintenanceMessage!: string;

  @Column({ type: 'boolean', default: false })
  comingSoonMode!: boolean;

  @Column({ type: 'varchar', length: 1000 })
  comingSoonMessage!: string;

  /** 'YYYY-MM-DD' or null. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  launchDate!: string | null;

  /** Distinct reporters whose open reports hold a car until an admin decides (moderation; default 3). */
  @Column({ type: 'int', default: 3 })
  reportHoldThreshold!: number;

  /** New cars wait for an admin's approval before they are public (moderation; default off). */
  @Column({ type: 'boolean', default: false })
  reviewNewCars!: boolean;

  /** A member's edit of an approved car (its texts or photos) sends it back to review (moderation; default off). */
  @Column({ type: 'boolean', default: false })
  reviewEdits!: boolean;

  @UpdatedAtColumn()
  updatedAt!: Date;
}

export const SITE_SETTINGS_ID = 1;
