import { Column, Entity } from 'typeorm';
import { OneTimeToken } from './one-time-token';

/**
 * A one-time link that confirms `email` for its user (one-time-token.ts): the account's own address, or the new
 * address the user asked to change to (users.pendingEmail). A link for any other address confirms nothing.
 */
@Entity('email_verification_tokens')
export class EmailVerificationTokenEntity extends OneTimeToken {
  @Column({ type: 'varchar', length: 254 })
  email!: string;
}
