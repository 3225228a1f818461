import { Column, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '../../db/columns';
import { UserEntity } from '../accounts/user.entity';
import { CarEntity } from '../cars/car.entity';
import { CarImageEntity } from '../images/car-image.entity';
import { ProductEntity } from '../products/product.entity';

/**
 * A line of a user's cart: references and a quantity only. Prices always come from the product row, never from
 * the client. A print line names a car image; a merchandise line does not. Adding the same (product, image) again
 * is merged into one line by the cart service (a unique key over a nullable imageId is not portable).
 */
@Entity('cart_items')
export class CartItemEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @ManyToOne(() => UserEntity, { nullable: false, onDelete: 'CASCADE' })
  user!: Relation<UserEntity>;

  @Index()
  @Column({ type: 'int' })
  userId!: number;

  @ManyToOne(() => ProductEntity, { nullable: false, onDelete: 'CASCADE' })
  product!: Relation<ProductEntity>;

  @Column({ type: 'int' })
  productId!: number;

  @ManyToOne(() => CarEntity, { nullable: true, onDelete: 'CASCADE' })
  car!: Relation<CarEntity> | null;

  @Column({ type: 'int', nullable: true })
  carId!: number | null;

  @ManyToOne(() => CarImageEntity, { nullable: true, onDelete: 'SET NULL' })
  image!: Relation<CarImageEntity> | null;

  @Column({ type: 'int', nullable: true })
  imageId!: number | null;

  @Column({ type: 'int', default: 1 })
  quantity!: number;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
