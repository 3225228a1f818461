import type { ApiTokenScope } from '@curbside/shared';
import { Column, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CreatedAtColumn, DateTimeColumn } from '../../db/columns';
import { UserEntity } from '../accounts/user.entity';

/**
 * A personal API token. Only the SHA-256 of its secret is stored, so a database leak reveals no usable token; the
 * hint (its first characters) tells a user's tokens apart in the list. Revoking deletes the row.
 */
@Entity('api_tokens')
export class ApiTokenEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @ManyToOne(() => UserEntity, { nullable: false, onDelete: 'CASCADE' })
  user!: Relation<UserEntity>;

  @Index()
  @Column({ type: 'int' })
  userId!: number;

  @Column({ type: 'varchar', length: 60 })
  name!: string;

  @Column({ type: 'varchar', length: 8 })
  scope!: ApiTokenScope;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 64 })
  tokenHash!: string;

  @Column({ type: 'varchar', length: 12 })
  hint!: string;

  @DateTimeColumn({ nullable: true })
  lastUsedAt!: Date | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
