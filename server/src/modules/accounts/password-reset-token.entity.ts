import { Column, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CreatedAtColumn, DateTimeColumn } from '../../db/columns';
import { UserEntity } from './user.entity';

/** A one-time password-reset token. Only its SHA-256 is stored, so a database leak reveals no usable link. */
@Entity('password_reset_tokens')
export class PasswordResetTokenEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 64 })
  tokenHash!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE', nullable: false })
  user!: Relation<UserEntity>;

  @Column({ type: 'int' })
  userId!: number;

  @DateTimeColumn()
  expiresAt!: Date;

  @DateTimeColumn({ nullable: true })
  usedAt!: Date | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
