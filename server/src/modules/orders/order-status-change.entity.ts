import type { OrderStatus } from '@curbside/shared';
import { Column, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CreatedAtColumn } from '../../db/columns';
import { UserEntity } from '../accounts/user.entity';
import { OrderEntity } from './order.entity';

/** Who moved an order from one status to another (or changed its tracking number), and when. */
@Entity('order_status_changes')
@Index(['orderId', 'createdAt'])
export class OrderStatusChangeEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @ManyToOne(() => OrderEntity, { nullable: false, onDelete: 'CASCADE' })
  order!: Relation<OrderEntity>;

  @Column({ type: 'int' })
  orderId!: number;

  /** Null for the order's creation. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  fromStatus!: OrderStatus | null;

  @Column({ type: 'varchar', length: 16 })
  toStatus!: OrderStatus;

  /** Null when the system made the change (payment webhook) or the admin account is gone. */
  @ManyToOne(() => UserEntity, { nullable: true, onDelete: 'SET NULL' })
  changedBy!: Relation<UserEntity> | null;

  @Column({ type: 'int', nullable: true })
  changedById!: number | null;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  /** The tracking number the change set (a shipped order's, or a corrected one); null when it set none. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  trackingNumber!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
