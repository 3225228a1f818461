import type { ProductCategory } from '@curbside/shared';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CentsColumn, CreatedAtColumn, UpdatedAtColumn } from '../../db/columns';

/** A print product (isMerch false: sold per selected car photo) or a merchandise item. Prices in cents. */
@Entity('products')
@Index(['isMerch', 'active'])
export class ProductEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  /** One of the product categories in shared (poster, canvas, framed, merchandise, apparel). */
  @Column({ type: 'varchar', length: 20 })
  category!: ProductCategory;

  @CentsColumn()
  price!: number;

  @CentsColumn({ default: 1000 })
  shippingFee!: number;

  /** Units on hand; decremented in the order's transaction, never below zero. */
  @Column({ type: 'int', default: 0 })
  stock!: number;

  @Column({ type: 'varchar', length: 64, unique: true })
  sku!: string;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  imageUrl!: string | null;

  @Column({ type: 'boolean', default: false })
  featured!: boolean;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @Column({ type: 'boolean', default: false })
  isMerch!: boolean;

  /** For prints, e.g. '12x18'. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  printSize!: string | null;

  /** For prints, e.g. 'Canvas Print'. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  printType!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
