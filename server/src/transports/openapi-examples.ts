import {
  MESSAGES,
  monthLabel,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  printSizeFromName,
  SITE_SETTINGS_DEFAULTS,
} from '@curbside/shared';
import { DEMO_CARS, DEMO_EVENTS, DEMO_PRODUCTS, DEMO_USERS, PHOTO_CAPTIONS } from '../seed/demo-data';
import type { OpenApiSchema } from './openapi-schema';

// The examples of the OpenAPI document: one request per operation, written with the demo data (server/src/seed), and
// its answer, generated from the response schema with the demo records' values. They are sent, in this table's
// order, to a fresh server holding the demo data by server/test/contract/api-examples.integration.test.ts, which
// checks each gets its status and a body the document describes. And the links from each create to the operations
// on what it made (read, update, delete), which that test follows.

/** Who sends an example: nobody signed in, the demo driver (an ordinary user) or the demo admin, signed in. */
export type ExampleCaller = 'visitor' | 'user' | 'admin';

export interface ApiExample {
  as: ExampleCaller;
  /** Path and query parameters, by name. */
  parameters?: Record<string, string | number>;
  body?: unknown;
  /** The status it gets on a fresh server with the demo data, after the examples before it in the table. */
  status: number;
  /** What its answer shows beyond what it sent (a created record's id), for the answer's example. */
  answer?: Record<string, unknown>;
  /** Examples sent again first, for the state this one needs (a cart line to remove). */
  given?: string[];
  /**
   * Body fields taken from the response of the last example of another operation (a payment's id and secret), by
   * field: [operationId, field of its response].
   */
  bodyFrom?: Record<string, [string, string]>;
}

const driver = demoUser('driver');
const admin = demoUser('admin');
const [firstCar] = DEMO_CARS;
const [firstEvent] = DEMO_EVENTS;
const driverCarIndex = DEMO_CARS.findIndex((car) => car.owner === 'driver');
const merch = DEMO_PRODUCTS.findIndex((product) => product.isMerch);
if (!firstCar || !firstEvent || driverCarIndex < 0 || merch < 0)
  throw new Error('The demo data set has changed: see openapi-examples.ts');
const driverCar = DEMO_CARS[driverCarIndex] as typeof firstCar;

/** Ids as a fresh database gives them to the demo rows, which are inserted in the data set's order. */
const carId = (index: number) => index + 1;
const productId = (index: number) => index + 1;
/** The id of photo `n` (0-based) of car `index`: every car's photos are inserted one car after another. */
const photoId = (index: number, n: number) =>
  DEMO_CARS.slice(0, index).reduce((sum, car) => sum + car.photos, 0) + n + 1;
/** A demo user's id: the users are inserted in the data set's order. */
const userId = (key: string) => DEMO_USERS.findIndex((user) => user.key === key) + 1;
/** The id the next row of a table gets after `existing` demo rows. */
const next = (existing: number) => existing + 1;
const DEMO_EVENT_COUNT = DEMO_EVENTS.length;
const DEMO_AD_COUNT = 2;

function demoUser(key: string) {
  const user = DEMO_USERS.find((u) => u.key === key);
  if (!user?.password) throw new Error(`The demo data set has no sign-in account '${key}'`);
  return { email: user.email, password: user.password };
}

const newCar = {
  make: 'Datsun',
  model: '240Z',
  year: 1972,
  ownerName: 'Demo Driver',
  category: 'JDM',
  story: 'Bought as a barn find, restored over three winters.',
  additionalSpecs: { engine: '2.4L L24 inline-six', transmission: '4-speed manual' },
  legalAgreement: true,
};
const newProduct = {
  name: 'Sticker Pack (10)',
  description: 'Ten vinyl stickers of this month’s top cars.',
  category: 'merchandise',
  price: 1299,
  shippingFee: 500,
  stock: 100,
  sku: 'MERCH-STICKERS-10',
  isMerch: true,
};
const newEvent = {
  title: 'Autumn Drive-Out',
  description: 'A morning drive through the Hill Country, coffee at the end.',
  eventDate: '2030-10-12T14:00:00.000Z',
  location: 'Fredericksburg, TX',
  imageUrl: `/api/file/demo/events/${firstEvent.key}.jpg`,
  fbEventUrl: '',
};
const newAd = {
  name: 'Tyre Town',
  description: 'Column ad for a tyre shop.',
  type: 'column',
  imageUrl: 'https://tyretown.example/ad-120x600.png',
  linkUrl: 'https://tyretown.example/',
  startDate: '2030-01-01',
  endDate: '2030-12-31',
};
const shippingAddress = {
  name: 'Demo Driver',
  line1: '500 Congress Ave',
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
};
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const EXAMPLE_INSTANT = '2026-11-01T18:00:00.000Z';
const EXAMPLE_MONTH = EXAMPLE_INSTANT.slice(0, 7);
const ORDER = 1; // the first order of a fresh database: the one the checkout examples make

/** A closed month's first place, as the Hall of Fame shows it: the demo's first car, its name as the month froze it. */
const firstPlace = {
  rank: 1,
  votes: 14,
  name: `${firstCar.year} ${firstCar.make} ${firstCar.model}`,
  ownerName: firstCar.ownerName,
  car: {},
};
const closedMonth = { month: EXAMPLE_MONTH, label: monthLabel(EXAMPLE_MONTH) };

/** One example per operation, by operationId, in the order the test sends them. */
export const API_EXAMPLES: Record<string, ApiExample> = {
  'settings-get': { as: 'visitor', status: 200 },
  'stats-site': { as: 'visitor', status: 200 },
  'cars-list': { as: 'visitor', parameters: { limit: 12, category: firstCar.category }, status: 200 },
  'cars-top': { as: 'visitor', parameters: { period: 'all', limit: 10 }, status: 200 },
  'cars-search': { as: 'visitor', parameters: { q: firstCar.make, limit: 10 }, status: 200 },
  'cars-byId': { as: 'visitor', parameters: { id: carId(0) }, status: 200 },
  'cars-bySlug': { as: 'visitor', parameters: { slugOrId: firstCar.slug }, status: 200 },
  'share-qrCode': { as: 'visitor', parameters: { slug: firstCar.slug }, status: 200 },
  'hallOfFame-winners': { as: 'visitor', status: 200, answer: { ...closedMonth, winner: firstPlace } },
  // A closed month with winners: the test takes it from the answer above (the link GetMonth), as the demo votes are
  // of the last months before the day the demo data is loaded.
  'hallOfFame-month': {
    as: 'visitor',
    parameters: { month: EXAMPLE_MONTH },
    status: 200,
    answer: { ...closedMonth, places: [firstPlace] },
  },
  'hallOfFame-honours': {
    as: 'visitor',
    parameters: { slug: firstCar.slug },
    status: 200,
    answer: { ...closedMonth, rank: firstPlace.rank, votes: firstPlace.votes },
  },
  'votes-cast': { as: 'visitor', body: { carId: carId(0) }, status: 201 },
  'products-list': { as: 'visitor', parameters: { limit: 10 }, status: 200 },
  'products-merch': { as: 'visitor', status: 200 },
  'events-upcoming': { as: 'visitor', status: 200 },
  'ads-active': { as: 'visitor', status: 200 },
  'checkout-paymentConfig': { as: 'visitor', status: 200 },
  'newsletter-subscribe': {
    as: 'visitor',
    body: { email: 'fan@example.com', source: 'footer' },
    status: 200,
    answer: { message: MESSAGES.newsletter.subscribed.message },
  },
  'accounts-register': {
    as: 'visitor',
    body: { username: 'new_driver', email: 'new.driver@example.com', password: 'new-driver-pass', name: 'New Driver' },
    status: 201,
  },
  'accounts-login': { as: 'visitor', body: driver, status: 200 },
  'accounts-logout': { as: 'visitor', status: 200 },
  'accounts-requestPasswordReset': {
    as: 'visitor',
    body: { email: driver.email },
    status: 200,
    answer: { message: PASSWORD_RESET_REQUESTED_MESSAGE },
  },
  // The token comes from the e-mail: this one was never sent, so the answer is the refusal a stale link gets.
  'accounts-resetPassword': {
    as: 'visitor',
    body: { token: 'k3Jx9QvT2mWb7LpZr4YdNc8HsE6aUf1G', password: 'a-new-password' },
    status: 400,
  },
  'accounts-verifyEmail': {
    as: 'visitor',
    body: { token: 'k3Jx9QvT2mWb7LpZr4YdNc8HsE6aUf1G' },
    status: 400,
    answer: { message: MESSAGES.auth.emailVerified },
  },
  // The demo accounts' addresses are verified already.
  'accounts-resendVerification': {
    as: 'user',
    status: 409,
    answer: { message: MESSAGES.auth.verificationSentTo(driver.email) },
  },
  'accounts-current': { as: 'user', status: 200 },
  'profile-update': { as: 'user', body: { bio: 'Weekend trail runs in a 1984 FJ60.' }, status: 200 },
  'cars-owned': { as: 'user', status: 200 },
  'cars-create': {
    as: 'user',
    body: newCar,
    answer: {
      id: next(DEMO_CARS.length),
      slug: 'datsun-240z',
      ownerId: 2,
      ownerDetails: { name: 'Demo Driver', profilePicture: null, role: 'user', bio: null },
      images: [],
      featured: false,
      totalVotes: 0,
      lastMonthVotes: 0,
      hasVoted: false,
      specs: null,
    },
    status: 201,
  },
  'cars-update': {
    as: 'user',
    parameters: { slugOrId: next(DEMO_CARS.length) },
    body: { story: 'Restored over three winters; now a daily driver.' },
    status: 200,
  },
  'admin-cars-delete': { as: 'admin', parameters: { slugOrId: next(DEMO_CARS.length) }, status: 204 },
  'images-setPrimary': {
    as: 'user',
    parameters: { id: photoId(driverCarIndex, 1) },
    body: { carId: carId(driverCarIndex) },
    status: 200,
  },
  'images-delete': { as: 'user', parameters: { id: photoId(driverCarIndex, driverCar.photos - 1) }, status: 204 },
  // Uploads (multipart/form-data): the file part is named by its file; the test sends a small JPEG in it.
  'images-upload': { as: 'user', body: { image: 'fj60-trail.jpg', carId: carId(driverCarIndex) }, status: 201 },
  'profile-picture': { as: 'user', body: { profilePicture: 'me.jpg' }, status: 200 },
  'products-upload-image': { as: 'admin', body: { image: 'sticker-pack-10.jpg' }, status: 201 },
  'advertisements-upload-image': {
    as: 'admin',
    body: { image: 'tyre-town-120x600.jpg', type: 'column' },
    status: 201,
    // Stored under a random name (images/process-image.ts).
    answer: { url: '/api/file/ads/0f6c2a7e-4b1d-4c1e-9a53-2d8e71b0c4f9.webp' },
  },
  'tokens-create': { as: 'user', body: { name: 'Nightly backup script', scope: 'read' }, status: 201 },
  'tokens-list': { as: 'user', status: 200 },
  'tokens-revoke': { as: 'user', parameters: { id: 1 }, status: 204 },
  'cart-add': { as: 'user', body: { productId: productId(merch), quantity: 2 }, status: 201 },
  'cart-list': { as: 'user', status: 200 },
  'cart-update': { as: 'user', parameters: { id: 1 }, body: { quantity: 3 }, status: 200 },
  'cart-remove': { as: 'user', parameters: { id: 1 }, status: 200 },
  'checkout-createPaymentIntent': {
    as: 'user',
    given: ['cart-add'],
    body: { email: driver.email, shippingAddress },
    status: 200,
  },
  'checkout-payWithTestCard': {
    as: 'user',
    body: { paymentId: 'test_pi_example', clientSecret: 'test_pi_example_secret', cardNumber: '4242 4242 4242 4242' },
    bodyFrom: {
      paymentId: ['checkout-createPaymentIntent', 'paymentId'],
      clientSecret: ['checkout-createPaymentIntent', 'clientSecret'],
    },
    status: 200,
  },
  'checkout-recordOrder': {
    as: 'user',
    body: { paymentId: 'test_pi_example' },
    bodyFrom: { paymentId: ['checkout-createPaymentIntent', 'paymentId'] },
    status: 200,
  },
  'orders-mine': { as: 'user', status: 200 },
  'moderation-report': {
    as: 'user',
    parameters: { carId: carId(0) },
    body: { reason: 'other', details: 'The same photo is on a dealer’s website.' },
    answer: { id: 1 },
    status: 201,
  },
  'cart-clear': { as: 'user', status: 200 },
  'admin-orders-list': { as: 'admin', parameters: { limit: 20, status: 'pending' }, status: 200 },
  'admin-orders-search': { as: 'admin', parameters: { q: driver.email, pageSize: 25 }, status: 200 },
  'admin-orders-get': { as: 'admin', parameters: { id: ORDER }, status: 200 },
  'admin-orders-setInternalNote': {
    as: 'admin',
    parameters: { id: ORDER },
    body: { internalNote: 'Customer asked for a gift wrap.' },
    status: 200,
  },
  'admin-orders-updateStatus': {
    as: 'admin',
    parameters: { id: ORDER },
    body: { status: 'processing', notes: 'Printing this week.' },
    status: 200,
  },
  'admin-orders-bulkStatus': {
    as: 'admin',
    body: { status: 'shipped', orders: [{ id: ORDER, trackingNumber: '1Z999AA10123456784' }] },
    status: 200,
  },
  'admin-orders-cancel': { as: 'admin', parameters: { id: ORDER }, body: { refund: { kind: 'full' } }, status: 200 },
  'admin-products-create': { as: 'admin', body: newProduct, answer: { id: next(DEMO_PRODUCTS.length) }, status: 201 },
  'admin-products-update': {
    as: 'admin',
    parameters: { id: next(DEMO_PRODUCTS.length) },
    body: { price: 1499, stock: 80 },
    status: 200,
  },
  'admin-products-delete': { as: 'admin', parameters: { id: next(DEMO_PRODUCTS.length) }, status: 204 },
  'admin-events-list': { as: 'admin', status: 200 },
  'admin-events-create': {
    as: 'admin',
    body: newEvent,
    answer: { id: next(DEMO_EVENT_COUNT), fbEventUrl: null },
    status: 201,
  },
  'admin-events-update': {
    as: 'admin',
    parameters: { id: next(DEMO_EVENT_COUNT) },
    body: { location: 'Luckenbach, TX' },
    status: 200,
  },
  'admin-events-delete': { as: 'admin', parameters: { id: next(DEMO_EVENT_COUNT) }, status: 204 },
  'admin-ads-list': { as: 'admin', status: 200 },
  'admin-ads-create': { as: 'admin', body: newAd, answer: { id: next(DEMO_AD_COUNT) }, status: 201 },
  'admin-ads-update': { as: 'admin', parameters: { id: next(DEMO_AD_COUNT) }, body: { active: false }, status: 200 },
  'admin-ads-delete': { as: 'admin', parameters: { id: next(DEMO_AD_COUNT) }, status: 204 },
  'admin-stats-overview': { as: 'admin', status: 200 },
  'admin-cardVotes-perEvent': { as: 'admin', status: 200 },
  'admin-users-find': { as: 'admin', parameters: { q: 'kenji' }, status: 200 },
  'admin-users-suspend': {
    as: 'admin',
    parameters: { id: userId('kenji') },
    body: { note: 'Photos copied from another owner’s gallery.' },
    status: 200,
  },
  'admin-users-suspensions': { as: 'admin', status: 200 },
  // Lifted at once, so the examples after these find his cars listed again.
  'admin-users-lift': { as: 'admin', parameters: { id: userId('kenji'), note: 'Sorted out by e-mail.' }, status: 200 },
  'admin-photoMatches-list': { as: 'admin', parameters: { status: 'open' }, status: 200 },
  // The demo photos look like none of another owner's: no flag to dismiss.
  'admin-photoMatches-dismiss': { as: 'admin', parameters: { id: 1 }, body: {}, status: 404 },
  'admin-fairVotes-review': { as: 'admin', status: 200 },
  'admin-fairVotes-voids': { as: 'admin', status: 200 },
  // The demo votes carry no address blocks (they stand for votes cast before blocks were recorded): nothing to void.
  'admin-fairVotes-void': {
    as: 'admin',
    body: {
      carId: carId(0),
      blocks: ['5d41402abc4b2a76b9719d911017c5925d41402abc4b2a76b9719d911017c592'],
      from: '2030-06-01T05:00:00.000Z',
      to: '2030-06-02T05:00:00.000Z',
      note: 'Forty votes from one office network within ten minutes.',
    },
    status: 409,
  },
  'admin-fairVotes-restore': {
    as: 'admin',
    parameters: { id: 1 },
    body: { note: 'The votes came from a club meet.' },
    status: 404,
  },
  'admin-settings-update': {
    as: 'admin',
    body: {
      maintenanceMode: false,
      comingSoonMode: false,
      maintenanceMessage: 'We are polishing the chrome. Back in an hour.',
      comingSoonMessage: 'Curbside opens soon.',
      launchDate: '2030-06-01',
    },
    status: 200,
  },
  'admin-settings-moderation': { as: 'admin', status: 200 },
  'admin-settings-updateModeration': {
    as: 'admin',
    body: { reportHoldThreshold: 3, reviewNewCars: false, reviewEdits: false },
    status: 200,
  },
  'admin-moderation-queue': { as: 'admin', status: 200 },
  'admin-moderation-act': {
    as: 'admin',
    parameters: { carId: carId(0) },
    body: { action: 'dismiss', note: 'The owner took this photo; the dealer used it with permission.' },
    answer: { id: 1, carId: carId(0) },
    status: 201,
  },
  'admin-moderation-actions': { as: 'admin', status: 200 },
  'admin-moderation-setAside': { as: 'admin', status: 200 },
  'admin-cars-bySlug': { as: 'admin', parameters: { slug: firstCar.slug }, status: 200 },
  'profile-changeEmail': {
    as: 'user',
    body: { email: 'demo.driver@example.com', currentPassword: driver.password },
    status: 200,
  },
  'profile-changePassword': {
    as: 'user',
    body: { currentPassword: driver.password, newPassword: 'a-longer-driver-password' },
    status: 200,
  },
  'accounts-logoutEverywhere': { as: 'user', body: { revokeTokens: true }, status: 200 },
};

/** The demo admin's sign-in, for the test that sends the examples. */
export const EXAMPLE_ACCOUNTS: Record<Exclude<ExampleCaller, 'visitor'>, { email: string; password: string }> = {
  user: driver,
  admin,
};

type ExampleLink = { name: string; operationId: string; parameter: string; value?: string };

/** The links from an admin's create to the update and delete of what it made (by its id). */
const editLinks = (noun: string, update: string, remove: string): ExampleLink[] => [
  { name: `Update${noun}`, operationId: update, parameter: 'id' },
  { name: `Delete${noun}`, operationId: remove, parameter: 'id' },
];

/**
 * Links from each create to the operations on what it made, by the create's operationId: the target operation and
 * which of its parameters the created record's id fills (or the answer's value at `value`); and from the hall of
 * fame to one month's winners.
 */
export const API_LINKS: Record<string, ExampleLink[]> = {
  'hallOfFame-winners': [
    { name: 'GetMonth', operationId: 'hallOfFame-month', parameter: 'month', value: '$response.body#/0/month' },
  ],
  'cars-create': [
    { name: 'GetCar', operationId: 'cars-byId', parameter: 'id' },
    { name: 'UpdateCar', operationId: 'cars-update', parameter: 'slugOrId' },
    { name: 'DeleteCar', operationId: 'admin-cars-delete', parameter: 'slugOrId' },
  ],
  'tokens-create': [{ name: 'RevokeToken', operationId: 'tokens-revoke', parameter: 'id' }],
  'cart-add': [
    { name: 'UpdateCartLine', operationId: 'cart-update', parameter: 'id' },
    { name: 'RemoveCartLine', operationId: 'cart-remove', parameter: 'id' },
  ],
  'admin-products-create': editLinks('Product', 'admin-products-update', 'admin-products-delete'),
  'admin-events-create': editLinks('Event', 'admin-events-update', 'admin-events-delete'),
  'admin-ads-create': editLinks('Advertisement', 'admin-ads-update', 'admin-ads-delete'),
  'checkout-recordOrder': [
    { name: 'GetOrder', operationId: 'admin-orders-get', parameter: 'id' },
    { name: 'UpdateOrderStatus', operationId: 'admin-orders-updateStatus', parameter: 'id' },
    { name: 'CancelOrder', operationId: 'admin-orders-cancel', parameter: 'id' },
  ],
};

/** The first demo photo's renditions, as the seed names them (seed/demo-images.ts). */
const photoFile = (size: number) => `/api/file/demo/${firstCar.slug}/1-w${size}.webp`;
const firstOwner = DEMO_USERS.find((u) => u.key === firstCar.owner);

/** The demo records whose values fill the response examples, by the component schema they are an example of. */
const DEMO_RECORDS: Record<string, Record<string, unknown>> = {
  Car: {
    id: carId(0),
    ...firstCar,
    ownerId: DEMO_USERS.findIndex((u) => u.key === firstCar.owner) + 1,
    ownerDetails: { name: firstOwner?.name, profilePicture: null, role: firstOwner?.role, bio: firstOwner?.bio },
  },
  CarImage: {
    id: 1,
    url: photoFile(1600),
    caption: PHOTO_CAPTIONS[firstCar.scene][0],
    fileSize: 182_406,
    // The demo pictures are drawn at 1600×1000 (seed/demo.ts).
    width: 1600,
    height: 1000,
    isAdminUploaded: true,
  },
  ImageVariants: { w400: photoFile(400), w800: photoFile(800), w1600: photoFile(1600) },
  Product: { id: productId(0), ...DEMO_PRODUCTS[0], imageUrl: '/api/file/demo/products/print-poster-12x18.jpg' },
  CartItem: {
    id: 1,
    productId: productId(merch),
    price: DEMO_PRODUCTS[merch]?.price,
    quantity: 2,
    product: {
      id: productId(merch),
      ...DEMO_PRODUCTS[merch],
      printSize: null,
      imageUrl: `/api/file/demo/products/${DEMO_PRODUCTS[merch]?.sku.toLowerCase()}.jpg`,
    },
  },
  User: { id: 2, ...DEMO_USERS.find((u) => u.key === 'driver'), password: undefined },
  // A blank Facebook link is stored as none.
  Event: { id: 1, ...newEvent, fbEventUrl: null },
  Advertisement: { id: 1, ...newAd },
  ShippingAddress: { ...shippingAddress, line2: null, country: 'US' },
};

/** Values for fields that no named record above holds (an answer of its own shape, like the top cars). */
const ANY_RECORD: Record<string, unknown> = {
  ...DEMO_RECORDS.User,
  ...DEMO_RECORDS.Product,
  ...DEMO_RECORDS.Car,
  paymentId: 'test_pi_3QxVb7LpZr4YdNc8',
  clientSecret: 'test_pi_3QxVb7LpZr4YdNc8_secret_k3Jx9QvT',
  provider: 'test',
  amount: 1798,
  shipping: 500,
  tax: 189,
  total: 2487,
  token: 'cbs_k3Jx9QvT2mWb7LpZr4YdNc8HsE6aUf1G',
  hint: 'cbs_…aUf1G',
  ...SITE_SETTINGS_DEFAULTS,
  // A PNG of the car page's address, 256 pixels square (the start of it: the whole is about 3 KB).
  qrCode: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAQAAAAEACAYAAABccqhmAAAAAklEQVR4AewaftIAAA…',
};

type Schema = OpenApiSchema;

/** A record's fields the server derives from others (a created merchandise item has no print size). */
function derived(name: string, record: Record<string, unknown>): Record<string, unknown> {
  if (name !== 'Product') return record;
  return { ...record, printSize: record.isMerch ? null : printSizeFromName(String(record.name ?? '')) };
}

/**
 * A value of `schema`: the demo record's value where the nearest named schema has one for the field, otherwise the
 * simplest value the schema allows. `components` resolves $refs; a $ref met again inside itself gives null.
 */
export function exampleOf(
  schema: Schema,
  components: Record<string, Schema>,
  record: Record<string, unknown> = {},
  field = '',
  within: string[] = [],
): unknown {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (within.includes(name)) return null;
    // The answer itself (not a record inside it) shows what the request sent: a create gives back what it made.
    const named = DEMO_RECORDS[name];
    const demoRecord =
      named && !field && within.length === 0 ? derived(name, { ...named, ...record }) : (named ?? record);
    return exampleOf(components[name] ?? {}, components, demoRecord, field, [...within, name]);
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return field in record && schema.enum.includes(record[field]) ? record[field] : schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const demo = field in record ? record[field] : ANY_RECORD[field];
    // Nullable and the demo record has nothing for it: null.
    const branch = (demo == null ? branches.find((b) => b.type === 'null') : undefined) ??
      branches.find((b) => b.type !== 'null') ?? { type: 'null' };
    return exampleOf(branch, components, record, field, within);
  }
  if (schema.allOf) {
    return Object.assign({}, ...schema.allOf.map((part) => exampleOf(part, components, record, field, within)));
  }
  const demo = field in record ? record[field] : ANY_RECORD[field];
  if (demo == null && Array.isArray(schema.type) && schema.type.includes('null')) return null;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      if (!schema.properties) return isRecord(demo) ? demo : {};
      // An inline object (a car's owner): the demo record's own object of that name, where it has one.
      const inner = field && isRecord(demo) ? demo : record;
      // An optional text or number nothing gives a value for (an `ok` answer's message) is left out, as the server
      // leaves it out.
      const known = (name: string, property: Schema) =>
        schema.required?.includes(name) || property.$ref || name in inner || name in ANY_RECORD;
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([name, property]) => known(name, property))
          .map(([name, property]) => [name, exampleOf(property, components, inner, name, within)]),
      );
    }
    case 'array':
      if (Array.isArray(demo) && demo.length === 0) return [];
      if (!schema.items) return [];
      // An array of records the demo gives (a month's places): its first.
      if (Array.isArray(demo) && isRecord(demo[0])) return [exampleOf(schema.items, components, demo[0], '', within)];
      return [exampleOf(schema.items, components, record, field, within)];
    case 'integer':
    case 'number': {
      if (typeof demo === 'number') return demo;
      const floor = schema.minimum ?? (schema.exclusiveMinimum === undefined ? 0 : schema.exclusiveMinimum + 1);
      return Math.max(floor, 1);
    }
    case 'boolean':
      return typeof demo === 'boolean' ? demo : true;
    case 'string':
      if (schema.format === 'date-time') return EXAMPLE_INSTANT;
      if (schema.format === 'date') return EXAMPLE_INSTANT.slice(0, 10);
      if (schema.format === 'email') return typeof demo === 'string' ? demo : driver.email;
      if (schema.format === 'uri') return 'https://curbside.example/';
      if (/At$/.test(field)) return EXAMPLE_INSTANT;
      return [demo, field, EXAMPLE_MONTH, 'text'].find(
        (text): text is string =>
          typeof text === 'string' && text !== '' && (!schema.pattern || new RegExp(schema.pattern).test(text)),
      );
    case 'null':
      return null;
    default:
      return demo ?? null;
  }
}
