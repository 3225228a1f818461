/** Errors raised by the client's data calls (part 1 §8, part 2 §8). */
export const FETCH_ERROR_MESSAGES = {
  cars: 'Failed to fetch cars',
  search: 'Search failed',
  topCars: 'Failed to fetch top cars',
  carDetails: 'Failed to fetch car details',
  carDetailsStatus: (status: number) => `Failed to fetch car details (${status})`,
  emptyCarData: 'Empty car data received from API',
  qrCode: 'Failed to generate QR code',
  products: 'Failed to fetch products',
  monthlyTopCars: 'Failed to fetch monthly top cars',
  featuredCars: 'Failed to fetch featured cars',
  siteStats: 'Failed to fetch site statistics',
  merch: 'Failed to fetch merch products',
  upcomingEvents: 'Failed to fetch upcoming events',
  orders: 'Failed to fetch orders',
  events: 'Failed to fetch events',
  advertisements: 'Failed to fetch advertisements',
} as const;
