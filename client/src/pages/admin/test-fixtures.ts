import type { Advertisement, CarEvent, Order, Product } from '@curbside/shared';

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

/** An event as GET /api/events answers it: 7:30 PM CST on 15 January 2027. */
export function makeEvent(overrides: Partial<CarEvent> = {}): CarEvent {
  return {
    id: 3,
    title: 'Lakefront Cars & Coffee',
    description: 'Coffee, cars and the skyline.',
    location: 'Montrose Harbor, Chicago',
    eventDate: '2027-01-16T01:30:00.000Z',
    imageUrl: 'https://images.example.com/lakefront.jpg',
    fbEventUrl: 'https://facebook.com/events/4242',
    active: true,
    ...overrides,
  };
}

/** An advertisement as GET /api/advertisements answers it. */
export function makeAd(overrides: Partial<Advertisement> = {}): Advertisement {
  return {
    id: 8,
    name: 'Detailing Co.',
    description: null,
    type: 'banner',
    imageUrl: '/api/file/ads/detailing.webp',
    linkUrl: 'https://detailing.example.com',
    startDate: '2026-11-01',
    endDate: '2026-12-01',
    active: true,
    ...overrides,
  };
}
