import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateTimeColumn } from '../../db/columns';

/** A provider webhook event already handled: inserting its id first makes a repeated delivery a no-op. */
@Entity('payment_webhook_events')
export class PaymentWebhookEventEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 16 })
  provider!: string;

  @Column({ type: 'varchar', length: 255, unique: true })
  providerEventId!: string;

  @Column({ type: 'varchar', length: 100 })
  type!: string;

  @DateTimeColumn()
  receivedAt!: Date;
}
