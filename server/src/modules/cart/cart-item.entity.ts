import { Column, Entity, Index, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '../../db/columns';
import { UserEntity } from '../accounts/user.entity';
import { CarEntity } from '../cars/car.entity';
import { CarImageEntity } from '../cars/car-image.entity';
import { ProductEntity } from '../products/product.entity';

/**
 * A line of a user's cart: references and a quantity only. Prices always come from the product row, never from
 * the client. A print line names a car image; a merchandise line does not. A line is one (user, product, photo):
 * the product fixes the print's size and type and the photo fixes the car, so the unique key below is the whole
 * identity, and the cart service adds to it with an upsert.
 */
@Entity('cart_items')
@Index(['userId', 'productId', 'imageKey'], { unique: true })
export class CartItemEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @ManyToOne(() => UserEntity, { nullable: false, onDelete: 'CASCADE' })
  user!: Relation<UserEntity>;

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

  /**
   * The line's photo for the unique key: the image id, 0 for merchandise. NOT NULL because a unique index treats
   * NULLs as distinct (on SQLite and MySQL alike), and no foreign key, so it keeps the line's identity when the photo
   * is deleted and imageId becomes NULL.
   */
  @Column({ type: 'int' })
  imageKey!: number;

  @Column({ type: 'int', default: 1 })
  quantity!: number;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
