import type { UserRole } from '@curbside/shared';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, DateTimeColumn, UpdatedAtColumn } from '../../db/columns';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  /** Stored lower-cased, so uniqueness is case-insensitive on every database. */
  @Column({ type: 'varchar', length: 254, unique: true })
  email!: string;

  /**
   * When the user followed the link mailed to `email`; null until then. An unverified address counts for nothing
   * privileged (docs/decisions.md: no car submissions, no API tokens, no promotion).
   */
  @DateTimeColumn({ nullable: true })
  emailVerifiedAt!: Date | null;

  /** The address the user asked to change to; it replaces `email` once its own link is followed. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  pendingEmail!: string | null;

  /** As typed; usernameKey holds the lower-cased form that uniqueness is checked on. */
  @Column({ type: 'varchar', length: 20 })
  username!: string;

  @Column({ type: 'varchar', length: 20, unique: true })
  usernameKey!: string;

  @Column({ type: 'varchar', length: 80, nullable: true })
  name!: string | null;

  @Column({ type: 'varchar', length: 255 })
  passwordHash!: string;

  @Column({ type: 'varchar', length: 16, default: 'user' })
  role!: UserRole;

  @Column({ type: 'text', nullable: true })
  bio!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  profilePicture!: string | null;

  /** Carried in the session cookie; bumping it ends every session of this user (logout everywhere, password change). */
  @Column({ type: 'int', default: 0 })
  sessionGeneration!: number;

  /**
   * When an admin suspended the account; null while it is active. A suspended account cannot sign in, its sessions and
   * API tokens are refused and its cars are unlisted (modules/suspensions/).
   */
  @Index()
  @DateTimeColumn({ nullable: true })
  suspendedAt!: Date | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
