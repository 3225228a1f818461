import type { Advertisement, CarEvent, Product } from '@curbside/shared';

/** A product as the server returns it, for the admin tab tests. */
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

/** An event as GET /api/events returns it: 7:30 PM CST on 15 January 2027. */
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

/** An advertisement as GET /api/advertisements returns it. */
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
