import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '../../db/columns';

/**
 * One password-reset request, known e-mail or not. Counted per IP hash in a sliding window; kept in the database
 * (not process memory) so the limit holds across several app servers.
 */
@Entity('password_reset_requests')
@Index(['ipHash', 'createdAt'])
export class PasswordResetRequestEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 64 })
  ipHash!: string;

  @CreatedAtColumn()
  createdAt!: Date;
}
