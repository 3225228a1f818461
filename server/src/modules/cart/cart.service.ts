import { type AddToCartInput, type CartItem, LIMITS, MESSAGES } from '@curbside/shared';
import type { DataSource } from 'typeorm';
import { dialectOf } from '../../db/data-source';
import { runInTransaction } from '../../db/transaction';
import { badRequest, conflict, notFound } from '../../errors';
import { CarImageEntity } from '../cars/car-image.entity';
import { ProductEntity } from '../products/product.entity';
import { toCartItemDto } from './cart-dto';
import { CartItemEntity } from './cart-item.entity';

// A user's cart: references and quantities only. Every line is read and written through its owner's id, so
// another user's line id is simply "not found". Prices come from the product rows when the cart is read.

const S = MESSAGES.server;

/** Adds a quantity to a user's (product, photo) line, creating the line if there is none (raw SQL: TypeORM's
 * upsert can only overwrite a column, not add to it). MySQL refreshes updatedAt by itself (ON UPDATE). */
const ADD_TO_LINE = {
  sqlite: `INSERT INTO cart_items (userId, productId, carId, imageId, imageKey, quantity) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (userId, productId, imageKey) DO UPDATE SET quantity = quantity + excluded.quantity,
    updatedAt = CURRENT_TIMESTAMP`,
  mysql: `INSERT INTO cart_items (userId, productId, carId, imageId, imageKey, quantity) VALUES (?, ?, ?, ?, ?, ?)
    ON DUPLICATE KEY UPDATE quantity = quantity + VALUES(quantity)`,
};

export class CartService {
  constructor(private readonly ds: DataSource) {}

  private get lines() {
    return this.ds.getRepository(CartItemEntity);
  }

  async list(userId: number): Promise<CartItem[]> {
    const rows = await this.lines.find({
      where: { userId },
      relations: { product: true, car: true, image: true },
      order: { id: 'ASC' },
    });
    return rows.map(toCartItemDto);
  }

  /**
   * Adds a print (product + car photo) or merchandise (product only). The same product and photo again adds to
   * the existing line, also when both arrive at once. Refuses inactive products, prints without a photo of that car,
   * and a line past the per-line cap or the stock.
   */
  async add(userId: number, input: AddToCartInput): Promise<CartItem> {
    const product = await this.ds.getRepository(ProductEntity).findOneBy({ id: input.productId });
    if (!product) throw notFound(S.productNotFound);
    if (!product.active) throw conflict(S.productUnavailable);

    let carId: number | null = null;
    let imageId: number | null = null;
    if (!product.isMerch) {
      if (input.imageId === undefined) throw badRequest(S.printNeedsImage);
      const image = await this.ds.getRepository(CarImageEntity).findOneBy({ id: input.imageId });
      if (!image) throw notFound(S.imageNotFound);
      if (input.carId !== undefined && image.carId !== input.carId) throw badRequest(S.imageNotOfCar);
      carId = image.carId;
      imageId = image.id;
    }

    // One statement adds to the line or creates it (the unique key merges concurrent adds), then the line is read
    // back in the same transaction, which holds its row: past the cap or the stock, the add is rolled back.
    const imageKey = imageId ?? 0;
    const id = await runInTransaction(this.ds, async (em) => {
      await em.query(ADD_TO_LINE[dialectOf(this.ds) === 'sqlite' ? 'sqlite' : 'mysql'], [
        userId,
        product.id,
        carId,
        imageId,
        imageKey,
        input.quantity,
      ]);
      const line = await em.getRepository(CartItemEntity).findOneByOrFail({ userId, productId: product.id, imageKey });
      if (line.quantity > LIMITS.cartQuantityMax) throw badRequest(MESSAGES.validation.quantityMax);
      if (line.quantity > product.stock) throw conflict(S.notEnoughStock(product.name, product.stock));
      return line.id;
    });
    return this.get(userId, id);
  }

  /** Sets a line's quantity (at least 1 by the schema, at most the stock). */
  async updateQuantity(userId: number, id: number, quantity: number): Promise<CartItem> {
    const line = await this.lines.findOne({ where: { id, userId }, relations: { product: true } });
    if (!line) throw notFound(S.cartItemNotFound);
    if (quantity > line.product.stock) throw conflict(S.notEnoughStock(line.product.name, line.product.stock));
    await this.lines.update({ id, userId }, { quantity });
    return this.get(userId, id);
  }

  async remove(userId: number, id: number): Promise<void> {
    const result = await this.lines.delete({ id, userId });
    if (!result.affected) throw notFound(S.cartItemNotFound);
  }

  async clear(userId: number): Promise<void> {
    await this.lines.delete({ userId });
  }

  private async get(userId: number, id: number): Promise<CartItem> {
    const row = await this.lines.findOne({
      where: { id, userId },
      relations: { product: true, car: true, image: true },
    });
    if (!row) throw notFound(S.cartItemNotFound);
    return toCartItemDto(row);
  }
}
