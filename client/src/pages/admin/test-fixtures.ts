import type { AdminOrder, AdminOrderDetail, Advertisement, CarEvent, Product } from '@curbside/shared';
import { makeOrder } from '@curbside/shared/test-fixtures';
import { assert } from 'vitest';

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
    printSize: '12x18',
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

/**
 * An order as the admin's GET /api/orders/search lists it: makeOrder's two lines (3 items), the poster with a
 * 1200 × 800 photo, too small for its 12x18 print at 150 dpi.
 */
export function makeAdminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  const base = makeOrder();
  const [poster, sticker] = base.items;
  assert(poster && sticker, 'makeOrder has a poster and a sticker line');
  return {
    ...base,
    items: [
      {
        ...poster,
        isPrint: true,
        photo: {
          thumbnailUrl: '/api/file/cars/3/photo.w400.webp',
          width: 1200,
          height: 800,
          required: { width: 1800, height: 2700 },
          largeEnough: false,
          downloadUrl: `/api/orders/${overrides.id ?? base.id}/items/${poster.id}/original`,
        },
      },
      { ...sticker, isPrint: false, photo: null },
    ],
    itemCount: 3,
    paymentState: 'paid',
    refundedAmount: 0,
    internalNote: null,
    ...overrides,
  };
}

/** The order with its history (GET /api/orders/{id}): paid, then moved to processing by 'boss'. */
export function makeAdminOrderDetail(order: AdminOrder = makeAdminOrder()): AdminOrderDetail {
  return {
    ...order,
    history: [
      { at: order.createdAt, from: null, to: 'pending', by: null, trackingNumber: null, note: 'Paid (test pi_1)' },
      {
        at: '2026-11-21T15:00:00.000Z',
        from: 'pending',
        to: 'processing',
        by: 'boss',
        trackingNumber: null,
        note: null,
      },
    ],
  };
}
