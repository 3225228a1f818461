import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '../../db/columns';

/**
 * One failed sign-in (or wrong current password), written as the attempt starts and removed again if it is refused
 * or the password is right (login-throttle.ts). Counted per IP hash and per account in a sliding window; kept in the
 * database (not process memory) so the limit holds across several app servers.
 */
@Entity('login_failures')
@Index(['ipHash', 'createdAt'])
@Index(['email', 'createdAt'])
export class LoginFailureEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 64 })
  ipHash!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @CreatedAtColumn()
  createdAt!: Date;
}
