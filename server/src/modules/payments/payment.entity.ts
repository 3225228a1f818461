import { Column, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CentsColumn, CreatedAtColumn, UpdatedAtColumn } from '../../db/columns';
import { UserEntity } from '../accounts/user.entity';
import { OrderEntity } from '../orders/order.entity';

export type PaymentProviderName = 'stripe' | 'test';
export type PaymentStatus = 'requires_payment' | 'succeeded' | 'failed' | 'refunded';

export interface PaymentShippingSnapshot {
  email: string;
  address: {
    name: string;
    line1: string;
    line2?: string | null;
    city: string;
    state: string;
    postalCode: string;
    country: string;
  };
}

/** A cart line as priced by the server when the payment was created. */
export interface PaymentCartLine {
  /** The cart line this came from: removed from the cart when the order is made. */
  cartItemId?: number;
  productId: number;
  carId: number | null;
  imageId: number | null;
  quantity: number;
  unitPrice: number;
  shippingFee: number;
}

/**
 * A payment the server asked the provider for, with the amounts it computed and what they were computed from.
 * The order is made from this row (never from client-sent figures) once the provider reports success.
 */
@Entity('payments')
@Index(['userId', 'createdAt'])
export class PaymentEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 16 })
  provider!: PaymentProviderName;

  /** The provider's id (Stripe PaymentIntent id, or the test provider's). */
  @Column({ type: 'varchar', length: 255, unique: true })
  providerPaymentId!: string;

  @ManyToOne(() => UserEntity, { nullable: false, onDelete: 'RESTRICT' })
  user!: Relation<UserEntity>;

  @Column({ type: 'int' })
  userId!: number;

  /** Total charged, in cents: subtotal + shipping + tax. */
  @CentsColumn()
  amount!: number;

  @CentsColumn()
  subtotal!: number;

  @CentsColumn()
  shipping!: number;

  @CentsColumn()
  tax!: number;

  @Column({ type: 'varchar', length: 3, default: 'usd' })
  currency!: string;

  @Column({ type: 'varchar', length: 20, default: 'requires_payment' })
  status!: PaymentStatus;

  @Column({ type: 'simple-json' })
  shippingDetails!: PaymentShippingSnapshot;

  @Column({ type: 'simple-json' })
  cart!: PaymentCartLine[];

  @ManyToOne(() => OrderEntity, { nullable: true, onDelete: 'SET NULL' })
  order!: Relation<OrderEntity> | null;

  @Column({ type: 'int', nullable: true })
  orderId!: number | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
