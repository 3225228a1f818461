import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '../../db/columns';

/** A newsletter address, stored once (lower-cased); a repeat subscription is a friendly success. */
@Entity('newsletter_subscriptions')
@Index(['ipHash', 'createdAt'])
export class NewsletterSubscriptionEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 254, unique: true })
  email!: string;

  /** Where the form was, e.g. 'footer'. */
  @Column({ type: 'varchar', length: 40, default: 'footer' })
  source!: string;

  /** Keyed hash of the client address that signed it up (what the sign-up quota counts); null for older rows. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  ipHash!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
