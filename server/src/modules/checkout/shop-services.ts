import type { DataSource } from 'typeorm';
import type { Config } from '../../config';
import type { Log } from '../../lib/log';
import type { Mailer } from '../../lib/mailer';
import { CartService } from '../cart/cart.service';
import { OrdersService } from '../orders/orders.service';
import { createPayments, type Payments } from '../payments/create-payments';
import type { StripeClientOptions } from '../payments/stripe-provider';
import { ProductsService } from '../products/products.service';
import { type CheckoutEvents, CheckoutService } from './checkout.service';

export interface ShopServices {
  products: ProductsService;
  cart: CartService;
  orders: OrdersService;
  checkout: CheckoutService;
  payments: Payments;
}

export interface ShopOptions {
  /** Tests point the Stripe SDK at a local stand-in of its API. */
  stripeApi?: StripeClientOptions;
  /** Where failures that must not fail a paid order (the confirmation e-mail) are reported outside a request. */
  log: Log;
  /** Orders made and payments failed, for monitoring. */
  checkoutEvents?: CheckoutEvents;
}

/** The shop's services: catalogue, cart, orders, checkout and the payment provider chosen by config. */
export function createShopServices(ds: DataSource, config: Config, mailer: Mailer, options: ShopOptions): ShopServices {
  const payments = createPayments(ds, config, options.stripeApi);
  const orders = new OrdersService({
    ds,
    mailer,
    publicUrl: config.publicUrl,
    siteName: config.siteName,
    log: options.log,
  });
  return {
    products: new ProductsService(ds),
    cart: new CartService(ds),
    orders,
    checkout: new CheckoutService({
      ds,
      provider: payments.provider,
      orders,
      publishableKey: payments.publishableKey,
      events: options.checkoutEvents,
    }),
    payments,
  };
}
