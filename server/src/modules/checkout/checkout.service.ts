import {
  type CreatePaymentIntentInput,
  type CreatePaymentIntentOutput,
  computeOrderTotals,
  MESSAGES,
  type Order,
} from '@curbside/shared';
import type { DataSource } from 'typeorm';
import { badRequest, conflict, DomainError, notFound } from '../../errors';
import type { Log } from '../../lib/log';
import { CartItemEntity } from '../cart/cart-item.entity';
import { type OrdersService, OutOfStockError } from '../orders/orders.service';
import type { PaymentCartLine } from '../payments/payment.entity';
import type { PaymentsService } from '../payments/payments.service';
import type { PaymentClientConfig, PaymentProvider } from '../payments/provider';
import { TestPaymentProvider } from '../payments/test-provider';

/** Why a payment did not become an order. */
export type PaymentFailureReason = 'declined' | 'provider_unreachable' | 'failed_at_provider' | 'refunded_out_of_stock';

/** What checkout reports to monitoring (ops/metrics.ts). */
export interface CheckoutEvents {
  orderCreated(): void;
  paymentFailed(reason: PaymentFailureReason): void;
}

const NO_EVENTS: CheckoutEvents = { orderCreated() {}, paymentFailed() {} };

// Checkout: price the user's cart on the server, ask the provider for a payment of exactly that amount, and make
// the order only once the provider says that payment succeeded. Amounts sent by a client are never read.

const S = MESSAGES.server;
export const PAYMENT_AMOUNT_MISMATCH = 'The payment does not match this order';
export const PROVIDER_UNREACHABLE = 'The payment provider could not be reached. Please try again.';
export const OUT_OF_STOCK_REFUNDED = (message: string) => `${message}. Your payment has been refunded.`;
export class CheckoutService {
  constructor(
    private readonly deps: {
      ds: DataSource;
      payments: PaymentsService;
      orders: OrdersService;
      events?: CheckoutEvents;
      now?: () => Date;
    },
  ) {}

  private get events(): CheckoutEvents {
    return this.deps.events ?? NO_EVENTS;
  }

  private get provider(): PaymentProvider {
    return this.deps.payments.provider;
  }

  clientConfig(): PaymentClientConfig {
    return this.deps.payments.clientConfig();
  }

  /**
   * POST /api/create-payment-intent. Refuses an empty cart, unavailable products and lines above the stock before
   * any payment exists; then records the payment row (amounts and the priced cart) and creates the provider's
   * payment with an idempotency key derived from that row.
   */
  async createPayment(userId: number, input: CreatePaymentIntentInput): Promise<CreatePaymentIntentOutput> {
    const cart = await this.deps.ds.getRepository(CartItemEntity).find({
      where: { userId },
      relations: { product: true },
      order: { id: 'ASC' },
    });
    if (cart.length === 0) throw badRequest(S.cartEmpty);

    const perProduct = new Map<number, number>();
    for (const line of cart) {
      if (!line.product.active) throw conflict(`${line.product.name}: ${S.productUnavailable}`);
      if (!line.product.isMerch && line.imageId === null) throw conflict(`${line.product.name}: ${S.printNeedsImage}`);
      perProduct.set(line.productId, (perProduct.get(line.productId) ?? 0) + line.quantity);
    }
    for (const line of cart) {
      const wanted = perProduct.get(line.productId) ?? 0;
      if (wanted > line.product.stock) throw conflict(S.notEnoughStock(line.product.name, line.product.stock));
    }

    const lines: PaymentCartLine[] = cart.map((line) => ({
      cartItemId: line.id,
      productId: line.productId,
      carId: line.carId,
      imageId: line.imageId,
      quantity: line.quantity,
      unitPrice: line.product.price,
      shippingFee: line.product.shippingFee,
    }));
    const totals = computeOrderTotals({ lines, state: input.shippingAddress.state });
    if (totals.total < 50) throw badRequest('The order total is below the card minimum of $0.50');

    const now = this.deps.now?.() ?? new Date();
    const row = await this.deps.payments.start(
      {
        userId,
        amount: totals.total,
        subtotal: totals.subtotal,
        shipping: totals.shipping,
        tax: totals.tax,
        shippingDetails: { email: input.email, address: input.shippingAddress },
        cart: lines,
      },
      now,
    );
    let created: { id: string; clientSecret: string };
    try {
      created = await this.provider.create({
        amount: totals.total,
        currency: 'usd',
        idempotencyKey: `curbside-payment-${row.id}`,
        metadata: { userId: String(userId), paymentRowId: String(row.id) },
        receiptEmail: input.email,
      });
    } catch (error) {
      await this.deps.payments.markFailed({ id: row.id });
      this.events.paymentFailed('provider_unreachable');
      // The provider's own error stays attached for the server log; the shopper gets a plain message.
      throw Object.assign(new DomainError('SERVICE_UNAVAILABLE', PROVIDER_UNREACHABLE), { cause: error });
    }
    await this.deps.payments.attachProviderId(row.id, created.id);
    return {
      clientSecret: created.clientSecret,
      amount: totals.subtotal,
      shipping: totals.shipping,
      tax: totals.tax,
      total: totals.total,
      paymentId: created.id,
      provider: this.provider.name,
    };
  }

  /**
   * POST /api/payment-orders: the browser reports a confirmed payment. Only a payment this server created for this
   * user, which the provider says succeeded for the amount computed here, makes an order. Repeats return it.
   */
  async recordPaidOrder(userId: number, paymentId: string, log?: Log): Promise<{ order: Order; created: boolean }> {
    return this.fulfil(paymentId, userId, log);
  }

  /** The test card form's Pay button (test mode only): confirms, then fulfils like Stripe's webhook would. */
  async confirmTestPayment(
    userId: number,
    paymentId: string,
    clientSecret: string,
    cardNumber: string,
    log?: Log,
  ): Promise<Order> {
    const provider = this.provider;
    if (!(provider instanceof TestPaymentProvider)) throw notFound('Test payments are not enabled');
    const row = await this.deps.payments.find(paymentId);
    if (!row || row.userId !== userId) throw notFound(S.paymentNotFound);
    if (row.status === 'refunded') throw conflict(S.paymentRefunded); // a second click after the refund
    try {
      await provider.confirm(paymentId, clientSecret, cardNumber);
    } catch (error) {
      if (error instanceof DomainError) {
        await this.deps.payments.markFailed({ id: row.id });
        this.events.paymentFailed('declined');
      }
      throw error;
    }
    return (await this.fulfil(paymentId, userId, log)).order;
  }

  /**
   * Makes the order for a provider payment id (from the browser with its user, or from the webhook without one).
   * Unknown, foreign, unpaid and mismatched payments create nothing. If the stock ran out after the payment, the
   * payment is refunded and the response says so. `log`: the request's logger (the order's e-mail reports through it).
   */
  async fulfil(providerPaymentId: string, userId?: number, log?: Log): Promise<{ order: Order; created: boolean }> {
    const row = await this.deps.payments.find(providerPaymentId, this.provider.name);
    if (!row || (userId !== undefined && row.userId !== userId)) throw notFound(S.paymentNotFound);

    const existing = await this.deps.orders.findByPaymentId(providerPaymentId);
    if (existing) return { order: existing, created: false };
    // Refunded because the stock ran out (a cancelled order's payment has its order, found above).
    if (row.status === 'refunded') throw conflict(S.paymentRefunded);

    const remote = await this.provider.retrieve(providerPaymentId);
    if (!remote) throw notFound(S.paymentNotFound);
    if (remote.status !== 'succeeded') throw conflict(S.paymentNotCompleted);
    if (
      remote.amount !== row.amount ||
      remote.currency.toLowerCase() !== row.currency ||
      remote.metadata.userId !== String(row.userId)
    ) {
      throw conflict(PAYMENT_AMOUNT_MISMATCH);
    }

    try {
      const made = await this.deps.orders.createFromPayment(row, log);
      if (made.created) this.events.orderCreated();
      return made;
    } catch (error) {
      if (!(error instanceof OutOfStockError)) throw error;
      // A twin call (webhook and browser together) may have just made this order with the last units.
      const made = await this.deps.orders.findByPaymentId(providerPaymentId);
      if (made) return { order: made, created: false };
      await this.provider.refund(providerPaymentId);
      await this.deps.payments.markRefunded({ id: row.id });
      this.events.paymentFailed('refunded_out_of_stock');
      throw conflict(OUT_OF_STOCK_REFUNDED(error.message));
    }
  }

  /** payment_intent.payment_failed and the like: remember it (no order). */
  async markFailed(providerPaymentId: string): Promise<void> {
    // A repeated delivery of the same event changes nothing and is not counted again.
    if (await this.deps.payments.markFailed({ providerPaymentId })) this.events.paymentFailed('failed_at_provider');
  }
}
