import type { SuspensionAction } from '@curbside/shared';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '../../db/columns';

/** One suspension or lift of an account: kept for good, listed for admins (who, when, what, why). */
@Entity('suspension_records')
export class SuspensionRecordEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  /** The account suspended or restored. */
  @Index()
  @Column({ type: 'int' })
  userId!: number;

  @Column({ type: 'varchar', length: 16 })
  action!: SuspensionAction;

  /** Why (required to suspend, optional to lift); mailed to the user. */
  @Column({ type: 'text', nullable: true })
  note!: string | null;

  /** The admin who acted (no foreign key: the record outlives an account). */
  @Column({ type: 'int' })
  byAdminId!: number;

  @CreatedAtColumn()
  createdAt!: Date;
}
