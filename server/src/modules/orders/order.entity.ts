import type { OrderStatus, PaymentState } from '@curbside/shared';
import { Column, Entity, Index, ManyToOne, OneToMany, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CentsColumn, CreatedAtColumn, UpdatedAtColumn } from '../../db/columns';
import { UserEntity } from '../accounts/user.entity';
import type { OrderItemEntity } from './order-item.entity';

/**
 * A paid order. Made only after the payment provider confirms, in one transaction with its items, the stock
 * decrements and the cart clear; paymentId is unique so the client's call and the webhook make one order together.
 * Amounts in cents, computed by the server.
 */
@Entity('orders')
@Index(['userId', 'createdAt'])
@Index(['status', 'createdAt'])
@Index(['createdAt'])
export class OrderEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  /** RESTRICT: an account that has orders cannot be hard-deleted by accident; orders are financial records. */
  @ManyToOne(() => UserEntity, { nullable: false, onDelete: 'RESTRICT' })
  user!: Relation<UserEntity>;

  @Column({ type: 'int' })
  userId!: number;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: OrderStatus;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 100 })
  shipName!: string;

  @Column({ type: 'varchar', length: 200 })
  shipLine1!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  shipLine2!: string | null;

  @Column({ type: 'varchar', length: 200 })
  shipCity!: string;

  @Column({ type: 'varchar', length: 40 })
  shipState!: string;

  @Column({ type: 'varchar', length: 20 })
  shipPostalCode!: string;

  @Column({ type: 'varchar', length: 60, default: 'US' })
  shipCountry!: string;

  @CentsColumn()
  subtotal!: number;

  @CentsColumn()
  shipping!: number;

  @CentsColumn()
  tax!: number;

  @CentsColumn()
  total!: number;

  /** The payment provider's id of the payment (e.g. a Stripe PaymentIntent id): one order per payment. */
  @Column({ type: 'varchar', length: 255, unique: true })
  paymentId!: string;

  @Column({ type: 'varchar', length: 16 })
  paymentProvider!: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  trackingNumber!: string | null;

  /** The admin's message to the customer: shown on the customer's order page. */
  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  /** The admins' own note about the order: never in a customer's response or e-mail. */
  @Column({ type: 'text', nullable: true })
  internalNote!: string | null;

  /** Given back to the customer, in cents (never more than total; the cancel checks it). */
  @CentsColumn({ default: 0 })
  refundedAmount!: number;

  /** What became of the payment when the order was canceled; null while it stands paid. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  refundState!: Exclude<PaymentState, 'paid'> | null;

  // The items' entity by its class name, not `() => OrderItemEntity`: each item names its order's class, and two
  // entities importing each other's class are an import cycle (the build keeps class names: keepNames).
  @OneToMany('OrderItemEntity', (item: OrderItemEntity) => item.order)
  items!: Relation<OrderItemEntity[]>;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
