import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DateTimeColumn } from '../../db/columns';

/**
 * The sitemap's bookkeeping per block of SITEMAP_BLOCK_SIZE car ids (block = (id - 1) div SITEMAP_BLOCK_SIZE): how
 * many of its cars are listed, a version that grows on every change to what the sitemap shows of them (listed or
 * not, slug, last change) and when that last happened. Kept by triggers on cars (db/aggregate-triggers.ts), so a
 * sitemap page (a run of whole blocks) knows from a few rows whether its cars changed.
 */
@Entity('sitemap_blocks')
export class SitemapBlockEntity {
  @PrimaryColumn({ type: 'int' })
  block!: number;

  @Column({ type: 'int', default: 0 })
  cars!: number;

  @Column({ type: 'int', default: 0 })
  version!: number;

  @DateTimeColumn({ nullable: true })
  lastmod!: Date | null;
}
