import type { Order, Product } from '@curbside/shared';

/** A product as the server answers it, for the admin tab tests. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 5,
    name: 'Poster Print 12x18',
    description: 'Matte poster',
    category: 'poster',
    price: 2499,
    shippingFee: 1000,
    stock: 40,
    sku: 'POSTER-1218',
    imageUrl: null,
    featured: false,
    active: true,
    isMerch: false,
    ...overrides,
  };
}

/** An order as GET /api/orders answers it. */
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
    shippingAddress: {
      name: 'Dana Driver',
      line1: '1 Market St',
      line2: null,
      city: 'San Francisco',
      state: 'CA',
      postalCode: '94105',
      country: 'US',
    },
    items: [
      {
        id: 1,
        product: { name: 'Poster Print 12x18', imageUrl: null },
        car: { make: 'Nissan', model: 'Skyline GT-R' },
        printSize: '12x18',
        priceAtPurchase: 2499,
        quantity: 2,
      },
    ],
    trackingNumber: null,
    notes: null,
    ...overrides,
  };
}
