import type { FlagKind, ReportReason } from '@curbside/shared';
import { Column, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CreatedAtColumn, DateTimeColumn } from '../../db/columns';
import { UserEntity } from '../accounts/user.entity';
import { CarEntity } from '../cars/car.entity';

/**
 * A flag on a car or one of its photos, open until an admin acts on it. A user's report is one kind (`kind`
 * 'report', with its reporter); checks of the site's own add kinds and write rows here too (reporterId null), and the
 * review queue groups every open flag by item. `open` is true while open and NULL once closed, so the unique index
 * allows one open report per user per item (a concurrent second one fails on it) and any number of closed ones.
 */
@Entity('moderation_flags')
@Index('UQ_moderation_flags_open_report', ['reporterId', 'carId', 'photoKey', 'open'], { unique: true })
@Index(['carId', 'open'])
@Index(['open', 'createdAt'])
@Index(['reporterId', 'createdAt'])
export class ModerationFlagEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 20, default: 'report' })
  kind!: FlagKind;

  @ManyToOne(() => CarEntity, { nullable: false, onDelete: 'CASCADE' })
  car!: Relation<CarEntity>;

  @Column({ type: 'int' })
  carId!: number;

  /** The photo's id, or 0 for the car as a whole (a number, not NULL, so the unique index counts it). */
  @Column({ type: 'int', default: 0 })
  photoKey!: number;

  @ManyToOne(() => UserEntity, { nullable: true, onDelete: 'CASCADE' })
  reporter!: Relation<UserEntity> | null;

  @Column({ type: 'int', nullable: true })
  reporterId!: number | null;

  @Column({ type: 'varchar', length: 20 })
  reason!: ReportReason;

  @Column({ type: 'varchar', length: 500, nullable: true })
  details!: string | null;

  /** true while open; NULL once an admin's action closed it. */
  @Column({ type: 'boolean', nullable: true, default: true })
  open!: true | null;

  /** The admin's action that closed it. */
  @Column({ type: 'int', nullable: true })
  actionId!: number | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @DateTimeColumn({ nullable: true })
  closedAt!: Date | null;
}
