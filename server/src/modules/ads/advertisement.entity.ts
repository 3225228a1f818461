import type { AdType } from '@curbside/shared';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, DateTimeColumn, UpdatedAtColumn } from '../../db/columns';

/** An advertisement. Eligible when active and now is within [startDate, endDate] (a null bound is open). */
@Entity('advertisements')
@Index(['active', 'type'])
export class AdvertisementEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'varchar', length: 16 })
  type!: AdType;

  @Column({ type: 'varchar', length: 2048 })
  imageUrl!: string;

  @Column({ type: 'varchar', length: 2048 })
  linkUrl!: string;

  @DateTimeColumn({ nullable: true })
  startDate!: Date | null;

  @DateTimeColumn({ nullable: true })
  endDate!: Date | null;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
