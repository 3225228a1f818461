import type { CartItem } from './cart';
import type { ShippingAddress } from './checkout';
import type { Order, OrderItem } from './orders';

// Data that the client's tests (as server responses) and the server's tests and scripts (as request bodies) share.
// Tests only: reached through '@curbside/shared/test-fixtures', never through the package's index, so no production
// bundle carries it.

/** A shipping address in California (7.25 % sales tax), as the checkout sends it and an order stores it. */
export const CALIFORNIA: ShippingAddress = {
  name: 'Dana Driver',
  line1: '1 Market St',
  line2: null,
  city: 'San Francisco',
  state: 'CA',
  postalCode: '94105',
  country: 'US',
};

/** Two posters of a car, 12x18: an order's first line. */
export const POSTER_LINE: OrderItem = {
  id: 1,
  product: { name: 'Poster Print 12x18', imageUrl: null },
  car: { make: 'Nissan', model: 'Skyline GT-R' },
  printSize: '12x18',
  priceAtPurchase: 2499,
  quantity: 2,
};

/** One pack of stickers (merchandise, no car): an order's second line. */
export const STICKER_LINE: OrderItem = {
  id: 2,
  product: { name: 'Sticker Pack', imageUrl: null },
  car: null,
  printSize: null,
  priceAtPurchase: 500,
  quantity: 1,
};

/**
 * An order as GET /api/orders and GET /api/user/orders respond with it: pending, the two lines above (3 items,
 * $54.98), $10.00 shipping and California's tax ($3.99), $68.97 in all.
 */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 41,
    status: 'pending',
    createdAt: '2026-11-20T18:00:00.000Z',
    subtotal: 5498,
    shipping: 1000,
    tax: 399,
    total: 6897,
    email: 'dana@example.com',
    customer: { name: 'Dana', username: 'dana', email: 'dana@example.com' },
    shippingAddress: CALIFORNIA,
    items: [POSTER_LINE, STICKER_LINE],
    trackingNumber: null,
    notes: null,
    ...overrides,
  };
}

/** A cart line as GET /api/cart responds with it: two 12x18 posters of a car at $24.99. */
export function makeCartItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: 1,
    price: 2499,
    quantity: 2,
    productId: 1,
    imageId: 10,
    car: { id: 3, make: 'Nissan', model: 'Skyline GT-R' },
    image: { url: '/car.jpg' },
    product: { id: 1, name: 'Poster Print 12x18', description: null, imageUrl: null, shippingFee: 1000 },
    printSize: '12x18',
    printType: 'Poster Print',
    ...overrides,
  };
}
