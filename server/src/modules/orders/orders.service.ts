import { ESTIMATED_DELIVERY, formatCents, formatOrderNumber, MESSAGES, type Order } from '@curbside/shared';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { isUniqueViolation } from '../../db/errors';
import { runInTransaction } from '../../db/transaction';
import type { Log } from '../../lib/log';
import type { Mailer } from '../../lib/mailer';
import { UserEntity } from '../accounts/user.entity';
import { CarEntity } from '../cars/car.entity';
import { CarImageEntity } from '../cars/car-image.entity';
import { CartItemEntity } from '../cart/cart-item.entity';
import type { PaymentEntity } from '../payments/payment.entity';
import type { PaymentsService } from '../payments/payments.service';
import { ProductEntity } from '../products/product.entity';
import { OrderEntity } from './order.entity';
import { toOrderDto } from './order-dto';
import { OrderItemEntity } from './order-item.entity';
import { OrderStatusChangeEntity } from './order-status-change.entity';

/** A paid cart line could not be filled: the stock ran out between the checkout's check and the payment. */
export class OutOfStockError extends Error {
  constructor(
    readonly productName: string,
    readonly stock: number,
  ) {
    super(MESSAGES.server.notEnoughStock(productName, stock));
  }
}

export class OrdersService {
  constructor(
    private readonly deps: {
      ds: DataSource;
      /** Links the payment an order was made from, in the order's transaction. */
      payments: Pick<PaymentsService, 'linkOrder'>;
      mailer: Mailer;
      publicUrl: string;
      siteName: string;
      /** Where a failed confirmation e-mail is reported (the order stands) when no request's logger is given. */
      log: Log;
    },
  ) {}

  /** GET /api/user/orders: the user's orders, newest first, with their items. */
  async listForUser(userId: number): Promise<Order[]> {
    const orders = await this.deps.ds.getRepository(OrderEntity).find({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return this.withItems(orders);
  }

  async findByPaymentId(paymentId: string): Promise<Order | null> {
    const order = await this.deps.ds.getRepository(OrderEntity).findOneBy({ paymentId });
    return order ? this.oneWithItems(order) : null;
  }

  /**
   * Makes the order for a payment the provider has confirmed, in one transaction: stock decremented (never below
   * zero: a line that cannot be filled throws OutOfStockError and nothing is written), the order and its items with
   * the prices the payment was computed from, the payment linked, and the paid cart lines removed. One order per
   * payment: a second call, or a webhook racing the browser, gets the existing order (created: false).
   */
  async createFromPayment(
    payment: PaymentEntity,
    log: Log = this.deps.log,
  ): Promise<{ order: Order; created: boolean }> {
    const existing = await this.findByPaymentId(payment.providerPaymentId);
    if (existing) return { order: existing, created: false };
    let orderId: number;
    try {
      orderId = await runInTransaction(this.deps.ds, (em) => this.writeOrder(em, payment));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const raced = await this.findByPaymentId(payment.providerPaymentId);
      if (!raced) throw error;
      return { order: raced, created: false };
    }
    const order = await this.oneWithItems(
      await this.deps.ds.getRepository(OrderEntity).findOneByOrFail({ id: orderId }),
    );
    await this.sendConfirmation(order, log).catch((err) => log.error({ err }, 'order confirmation e-mail failed'));
    return { order, created: true };
  }

  private async writeOrder(em: EntityManager, payment: PaymentEntity): Promise<number> {
    // Stock first, one conditional decrement per product in id order (the same lock order in every checkout).
    const perProduct = new Map<number, number>();
    for (const line of payment.cart)
      perProduct.set(line.productId, (perProduct.get(line.productId) ?? 0) + line.quantity);
    const productIds = [...perProduct.keys()].sort((a, b) => a - b);
    for (const productId of productIds) {
      const quantity = perProduct.get(productId) ?? 0;
      if (!Number.isSafeInteger(quantity) || quantity < 1)
        throw new Error(`bad quantity ${quantity} in payment ${payment.id}`);
      const result = await em
        .createQueryBuilder()
        .update(ProductEntity)
        .set({ stock: () => `stock - ${quantity}` })
        .where('id = :productId AND stock >= :quantity', { productId, quantity })
        .execute();
      if (result.affected !== 1) {
        const product = await em.findOneBy(ProductEntity, { id: productId });
        throw new OutOfStockError(product?.name ?? 'A product', product?.stock ?? 0);
      }
    }

    const products = new Map((await em.findBy(ProductEntity, { id: In(productIds) })).map((p) => [p.id, p]));
    const carIds = [...new Set(payment.cart.map((l) => l.carId).filter((id): id is number => id !== null))];
    const imageIds = [...new Set(payment.cart.map((l) => l.imageId).filter((id): id is number => id !== null))];
    const cars = new Map((carIds.length ? await em.findBy(CarEntity, { id: In(carIds) }) : []).map((c) => [c.id, c]));
    const images = new Map(
      (imageIds.length ? await em.findBy(CarImageEntity, { id: In(imageIds) }) : []).map((i) => [i.id, i]),
    );

    const address = payment.shippingDetails.address;
    const inserted = await em.insert(OrderEntity, {
      userId: payment.userId,
      status: 'pending',
      email: payment.shippingDetails.email,
      shipName: address.name,
      shipLine1: address.line1,
      shipLine2: address.line2 ?? null,
      shipCity: address.city,
      shipState: address.state,
      shipPostalCode: address.postalCode,
      shipCountry: address.country,
      subtotal: payment.subtotal,
      shipping: payment.shipping,
      tax: payment.tax,
      total: payment.amount,
      paymentId: payment.providerPaymentId,
      paymentProvider: payment.provider,
      trackingNumber: null,
      notes: null,
    });
    const orderId = Number(inserted.identifiers[0]?.id);

    await em.insert(
      OrderItemEntity,
      payment.cart.map((line) => {
        const product = products.get(line.productId);
        const car = line.carId !== null ? cars.get(line.carId) : undefined;
        const image = line.imageId !== null ? images.get(line.imageId) : undefined;
        return {
          orderId,
          productId: product ? product.id : null,
          productName: product?.name ?? 'Product',
          productImageUrl: product?.imageUrl ?? null,
          isMerch: product?.isMerch ?? true,
          carId: car ? car.id : null,
          carMake: car?.make ?? null,
          carModel: car?.model ?? null,
          imageId: image ? image.id : null,
          imageUrl: image?.url ?? null,
          printSize: product && !product.isMerch ? product.printSize : null,
          printType: product && !product.isMerch ? product.printType : null,
          // The unit price the server read from the product when it computed the charged amount.
          priceAtPurchase: line.unitPrice,
          quantity: line.quantity,
        };
      }),
    );
    await em.insert(OrderStatusChangeEntity, {
      orderId,
      fromStatus: null,
      toStatus: 'pending',
      changedById: null,
      note: `Paid (${payment.provider} ${payment.providerPaymentId})`,
    });
    await this.deps.payments.linkOrder(em, payment.id, orderId);
    const cartItemIds = payment.cart.map((l) => l.cartItemId).filter((id): id is number => typeof id === 'number');
    if (cartItemIds.length) await em.delete(CartItemEntity, { userId: payment.userId, id: In(cartItemIds) });
    return orderId;
  }

  /** Orders as responses: their items and customers in two more queries, whatever the number of orders. */
  async withItems(orders: OrderEntity[]): Promise<Order[]> {
    return (await this.loadWithItems(orders)).map((loaded) => loaded.order);
  }

  /** withItems, keeping each order's entity and item rows beside its response (the admin side adds to it). */
  async loadWithItems(
    orders: OrderEntity[],
  ): Promise<{ entity: OrderEntity; order: Order; items: OrderItemEntity[] }[]> {
    if (orders.length === 0) return [];
    return orders.map(await this.orderDtoMapper(orders));
  }

  /** One order as a response, with its items and customer. */
  async oneWithItems(order: OrderEntity): Promise<Order> {
    const toDto = await this.orderDtoMapper([order]);
    return toDto(order).order;
  }

  /** Loads the items and customers of `orders` (at least one) in two queries; gives the function that maps each. */
  private async orderDtoMapper(
    orders: OrderEntity[],
  ): Promise<(order: OrderEntity) => { entity: OrderEntity; order: Order; items: OrderItemEntity[] }> {
    const ids = orders.map((o) => o.id);
    const items = await this.deps.ds.getRepository(OrderItemEntity).find({
      where: { orderId: In(ids) },
      order: { id: 'ASC' },
    });
    const userIds = [...new Set(orders.map((o) => o.userId))];
    const users = new Map(
      (await this.deps.ds.getRepository(UserEntity).findBy({ id: In(userIds) })).map((u) => [u.id, u]),
    );
    return (entity) => {
      const own = items.filter((i) => i.orderId === entity.id);
      return { entity, items: own, order: toOrderDto(entity, own, users.get(entity.userId) ?? null) };
    };
  }

  /** The order-confirmation e-mail.  */
  private async sendConfirmation(order: Order, log: Log): Promise<void> {
    const lines = order.items.map((item) => {
      const car = item.car ? ` — ${item.car.make} ${item.car.model}` : '';
      const size = item.printSize ? ` (${item.printSize})` : '';
      return `  ${item.quantity} x ${item.product.name}${size}${car}: ${formatCents(item.priceAtPurchase * item.quantity)}`;
    });
    const a = order.shippingAddress;
    const text = [
      `Thank you for your order!`,
      '',
      `Order ${formatOrderNumber(order.id)}`,
      ...lines,
      '',
      `Subtotal: ${formatCents(order.subtotal)}`,
      `Shipping: ${formatCents(order.shipping)}`,
      `Tax: ${formatCents(order.tax)}`,
      `Total: ${formatCents(order.total)}`,
      '',
      'Shipping to:',
      `  ${a.name}`,
      `  ${a.line1}${a.line2 ? `, ${a.line2}` : ''}`,
      `  ${a.city}, ${a.state} ${a.postalCode}, ${a.country}`,
      '',
      `Estimated delivery: ${ESTIMATED_DELIVERY}.`,
      `Your orders: ${this.deps.publicUrl}/user/orders`,
    ].join('\n');
    await this.deps.mailer.send(
      {
        to: order.email,
        subject: `${this.deps.siteName} order ${formatOrderNumber(order.id)} confirmed`,
        text,
        link: `${this.deps.publicUrl}/user/orders`,
      },
      log,
    );
  }
}
