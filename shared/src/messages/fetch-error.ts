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

/**
 * What a screen shows beside a load error (chosen: the spec gives the errors, not the way forward): a retry, a way
 * back, and, where the spec's text is a developer's wording, the same thing said plainly.
 */
export const LOAD_ERROR_MESSAGES = {
  retry: 'Try Again',
  backHome: 'Back to Home',
  backToGallery: 'Back to Gallery',
  backToCart: 'Back to Cart',
  merch: "We couldn't load the merchandise just now. It's usually a brief hiccup: try again in a moment.",
  topCars: "We couldn't load this month's top cars just now.",
  featuredCars: "We couldn't load the featured cars just now.",
  cars: "We couldn't load your vehicles just now.",
  orders: "We couldn't load the orders just now.",
  siteStats: "We couldn't load the site statistics just now.",
  settings: "We couldn't load the site settings just now.",
  car: "We couldn't load this car just now.",
  checkout: "We couldn't get checkout ready just now.",
} as const;
