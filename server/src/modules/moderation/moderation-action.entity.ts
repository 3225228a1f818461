import type { ReviewAction } from '@curbside/shared';
import { Column, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CreatedAtColumn } from '../../db/columns';
import { UserEntity } from '../accounts/user.entity';
import { CarEntity } from '../cars/car.entity';

/**
 * One action an admin took in review (who, when, what, the note sent to the owner). Kept when the car or the admin
 * is deleted: the car's name is copied, the links become NULL.
 */
@Entity('moderation_actions')
@Index(['createdAt'])
export class ModerationActionEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 20 })
  action!: ReviewAction;

  @ManyToOne(() => CarEntity, { nullable: true, onDelete: 'SET NULL' })
  car!: Relation<CarEntity> | null;

  @Index()
  @Column({ type: 'int', nullable: true })
  carId!: number | null;

  @Column({ type: 'varchar', length: 200 })
  carName!: string;

  /** The photo the action was about (removed, or whose reports were dismissed). */
  @Column({ type: 'int', nullable: true })
  imageId!: number | null;

  @Column({ type: 'text' })
  note!: string;

  @ManyToOne(() => UserEntity, { nullable: true, onDelete: 'SET NULL' })
  admin!: Relation<UserEntity> | null;

  @Column({ type: 'int', nullable: true })
  adminId!: number | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
