import { Column, Entity, PrimaryColumn } from 'typeorm';
import { CentsColumn, CreatedAtColumn } from '../../db/columns';
import type { ProviderPaymentStatus } from './provider';

/**
 * A payment as the built-in test provider knows it: the stand-in for Stripe's side of a payment. It lives in the
 * database, not in one server's memory, so a payment created through one app server can be paid through another.
 */
@Entity('test_provider_payments')
export class TestProviderPaymentEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'varchar', length: 20 })
  status!: ProviderPaymentStatus;

  @CentsColumn()
  amount!: number;

  @Column({ type: 'varchar', length: 3 })
  currency!: string;

  @Column({ type: 'simple-json' })
  metadata!: Record<string, string>;

  @CreatedAtColumn()
  createdAt!: Date;
}
