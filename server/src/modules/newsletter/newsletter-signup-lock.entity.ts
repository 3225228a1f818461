import { Entity, PrimaryColumn } from 'typeorm';

/**
 * One row per client address that has signed up an address: the row whose lock a sign-up holds while it counts the
 * address's recent sign-ups and adds its own, so parallel sign-ups from one address take their turn.
 */
@Entity('newsletter_signup_locks')
export class NewsletterSignupLockEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  ipHash!: string;
}
