// Fixed lists and labels of both spec documents (part 1 §2–§4, part 2 §3–§9). Numbers live in LIMITS (./limits).

export const SITE_NAME = 'Curbside';

/** The shop's return address, printed under its name on every packing slip (docs/decisions.md, Admin). */
export const SHOP_RETURN_ADDRESS = [
  `${SITE_NAME} Print Shop`,
  '2100 Commerce Street, Suite 4',
  'Dallas, TX 75201',
] as const;

export const CAR_CATEGORIES = ['JDM', 'Euro', 'Muscle', 'Exotic', 'Classic', 'Hot Rod', 'Other'] as const;
export type CarCategory = (typeof CAR_CATEGORIES)[number];

/** The gallery's filter buttons: 'All Cars' then every category except Other (part 1 §2). */
export const ALL_CARS_FILTER = 'All Cars';
export const GALLERY_FILTERS = [ALL_CARS_FILTER, 'JDM', 'Euro', 'Muscle', 'Exotic', 'Classic', 'Hot Rod'] as const;
export type GalleryFilter = (typeof GALLERY_FILTERS)[number];

export const PRODUCT_CATEGORIES = ['poster', 'canvas', 'framed', 'merchandise', 'apparel'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** Shown as a cart item's print type; merchandise and apparel are not prints. */
export const PRINT_TYPE_LABELS: Partial<Record<ProductCategory, string>> = {
  poster: 'Poster Print',
  canvas: 'Canvas Print',
  framed: 'Framed Print',
};

export const AD_TYPES = ['banner', 'column'] as const;
export type AdType = (typeof AD_TYPES)[number];

/** Size guidance shown in the advertisement form (part 2 §5). */
export const AD_SIZE_HINTS: Record<AdType, string> = {
  banner: '728x90 or 970x250 px',
  column: '120x600 px',
};

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'canceled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Mantine colour per status badge. The spec says emerald for delivered; Mantine has no emerald, teal is closest. */
export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'yellow',
  processing: 'blue',
  shipped: 'green',
  delivered: 'teal', // spec: emerald
  canceled: 'red',
};

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  canceled: 'Canceled',
};

export const LEADERBOARD_PERIODS = ['month', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export const LEADERBOARD_PERIOD_LABELS: Record<LeaderboardPeriod, string> = { month: 'This Month', all: 'All Time' };

export const ESTIMATED_DELIVERY = '7-10 business days';

/** Hashtags added to share links: the site's own name and CarEnthusiast (part 1 §9). */
export const SHARE_HASHTAGS = [SITE_NAME, 'CarEnthusiast'] as const;

/** Image types accepted for car photos, profile pictures, product and ad images ("images only"). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

/** Path prefix of files the server stores and serves itself (ad and product images may point here). */
export const FILE_URL_PREFIX = '/api/file/';

/** The zone in which events are entered and shown (part 2 §5: "treated as CST"). */
export const CENTRAL_TIME_ZONE = 'America/Chicago';
