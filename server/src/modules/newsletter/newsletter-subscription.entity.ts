import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '../../db/columns';

/** A newsletter address, stored once (lower-cased); a repeat subscription is a friendly success. */
@Entity('newsletter_subscriptions')
export class NewsletterSubscriptionEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 254, unique: true })
  email!: string;

  /** Where the form was, e.g. 'footer'. */
  @Column({ type: 'varchar', length: 40, default: 'footer' })
  source!: string;

  @CreatedAtColumn()
  createdAt!: Date;
}
