import { Column, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CentsColumn } from '../../db/columns';
import { CarEntity } from '../cars/car.entity';
import { CarImageEntity } from '../cars/car-image.entity';
import { ProductEntity } from '../products/product.entity';
import { OrderEntity } from './order.entity';

/**
 * A line of an order. Names, pictures and the price are snapshots taken at purchase, so the order reads the same
 * after the product, car or photo changes or is deleted (the references then become null).
 */
@Entity('order_items')
export class OrderItemEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @ManyToOne(
    () => OrderEntity,
    (order) => order.items,
    { nullable: false, onDelete: 'CASCADE' },
  )
  order!: Relation<OrderEntity>;

  @Index()
  @Column({ type: 'int' })
  orderId!: number;

  @ManyToOne(() => ProductEntity, { nullable: true, onDelete: 'SET NULL' })
  product!: Relation<ProductEntity> | null;

  @Column({ type: 'int', nullable: true })
  productId!: number | null;

  @Column({ type: 'varchar', length: 200 })
  productName!: string;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  productImageUrl!: string | null;

  /** Snapshot of product.isMerch: "prints ordered" counts lines where this is false. */
  @Column({ type: 'boolean', default: false })
  isMerch!: boolean;

  @ManyToOne(() => CarEntity, { nullable: true, onDelete: 'SET NULL' })
  car!: Relation<CarEntity> | null;

  @Column({ type: 'int', nullable: true })
  carId!: number | null;

  @Column({ type: 'varchar', length: 60, nullable: true })
  carMake!: string | null;

  @Column({ type: 'varchar', length: 80, nullable: true })
  carModel!: string | null;

  @ManyToOne(() => CarImageEntity, { nullable: true, onDelete: 'SET NULL' })
  image!: Relation<CarImageEntity> | null;

  @Column({ type: 'int', nullable: true })
  imageId!: number | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  imageUrl!: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  printSize!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  printType!: string | null;

  @CentsColumn()
  priceAtPurchase!: number;

  @Column({ type: 'int' })
  quantity!: number;
}
