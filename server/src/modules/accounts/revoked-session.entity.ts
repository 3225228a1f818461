import { Entity, Index, PrimaryColumn } from 'typeorm';
import { DateTimeColumn } from '../../db/columns';

/**
 * A session ended by signing out. The cookie is stateless, so a copy of it would otherwise stay valid until it
 * expires; its session id is kept here until then, and a cookie carrying it is treated as signed out.
 */
@Entity('revoked_sessions')
export class RevokedSessionEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  sessionId!: string;

  /** When the cookie would have expired anyway; the row is useless after that. */
  @Index()
  @DateTimeColumn()
  expiresAt!: Date;
}
