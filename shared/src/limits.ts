// Limits and constants of both spec documents (part 1 §9, part 2 §9). One place for every number.
// Entries marked "chosen" are not in the spec: they bound input so one request cannot store a novel.
const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const LIMITS = {
  usernameMin: 3,
  usernameMax: 20,
  nameMax: 80,
  registerPasswordMin: 6,
  newPasswordMin: 8,
  /** argon2 hashes anything, but a megabyte password is an attack, not a password. */
  passwordMax: 200,
  /** Car photo upload limit (50 MB). */
  photoMaxBytes: 50 * 1024 * 1024,
  /** Profile picture upload limit (2 MB). */
  avatarMaxBytes: 2 * 1024 * 1024,
  /** Chosen: failed sign-ins (and wrong current passwords) allowed per address in the throttle window. */
  loginFailuresAllowed: 10,
  loginThrottleWindowMs: 15 * MINUTE_MS,
  passwordResetTokenTtlMs: HOUR_MS,

  // Lists and pages.
  galleryFetchLimit: 100,
  galleryPageSize: 12,
  leaderboardLimit: 20,
  homeTopCars: 3,
  /** The car page shows a '#N This Month' badge for the first three of the monthly list. */
  rankBadgeTop: 3,
  adminListLimit: 100,
  recentSubmissions: 5,
  /** Chosen: the largest page any list call hands out at once. */
  listLimitMax: 100,
  /**
   * Chosen: the largest `offset` a list call takes. Deeper pages cost a scan of every row before them; the cursor of
   * the previous page (X-Next-Cursor) reaches any depth at the cost of the first page.
   */
  listOffsetMax: 10_000,
  /** Chosen: the longest cursor a list call takes (the ones it gives are about 40 characters). */
  cursorMax: 100,
  /**
   * Chosen: the most tRPC queries one request may batch (the browser's busiest page batches 6); mutations are never
   * batched. Bounds what one request can make the server compute and send.
   */
  trpcBatchMax: 10,

  // Timings.
  featuredSlideMs: 10 * SECOND_MS,
  adCacheMs: 5 * MINUTE_MS,
  confettiMs: 3 * SECOND_MS,
  voteCooldownMs: DAY_MS,
  navOpaqueScrollPx: 20,

  // Shop.
  defaultShippingFeeCents: 1000,
  /** The merchandise quantity dropdown runs from 1 to min(this, stock). */
  merchQuantityMax: 10,
  /** 'Only N left in stock!' shows at this stock or below (and above 0). */
  lowStockAt: 5,
  cartQuantityMin: 1,
  /** Chosen: a sanity cap per cart line; stock is checked separately. */
  cartQuantityMax: 99,
  /** Chosen: $100,000 keeps every sum far inside safe integers. */
  priceMaxCents: 10_000_000,
  /** Chosen. */
  stockMax: 1_000_000,
  /** Default tax rate in percent for a state not in the table (part 2 §9). */
  defaultTaxPercent: 6,

  // Sharing and card text.
  shareImageMaxBytes: 8_388_608,
  sharePreviewWidth: 1200,
  sharePreviewHeight: 630,
  /** A story longer than this is cut for the share description ... */
  shareDescriptionMax: 160,
  /** ... to this many characters plus an ellipsis. */
  shareDescriptionCut: 157,
  /** Car cards show this many characters of the story, then '...'. */
  storyPreviewChars: 100,

  // Slugs.
  /** Chosen: slugs stay readable in a URL. */
  slugMax: 80,
  /** Chosen: the base of a car slug leaves room for the server's uniqueness suffix within slugMax. */
  carSlugBaseMax: 64,

  // Text fields (all chosen: the spec gives no maximum).
  makeMax: 60,
  modelMax: 60,
  storyMax: 5000,
  specsMax: 5000,
  bioMax: 1000,
  specKeyMax: 40,
  specValueMax: 200,
  specEntriesMax: 30,
  searchQueryMax: 100,
  titleMax: 200,
  descriptionMax: 5000,
  locationMax: 200,
  urlMax: 2048,
  skuMax: 64,
  trackingNumberMax: 100,
  orderNotesMax: 2000,
  siteMessageMax: 500,
  addressLineMax: 200,
  paymentIdMax: 255,

  /** Default advertisement period: 30 days from today (part 2 §5). */
  adDefaultPeriodDays: 30,
} as const;

/**
 * Limits the server enforces that no screen shows (throttles, quotas, image decoding, request cost): kept apart from
 * LIMITS, which the browser's bundle carries whole.
 */
export const SERVER_LIMITS = {
  /** Chosen: the largest picture decoded (40 MP: the biggest print sold, 18x24 in, at 300 dpi is 38.9 MP). */
  imageMaxPixels: 40_000_000,
  /**
   * Chosen: a picture over imageExpansionFreePixels may unpack (width × height × channels) to at most this many times
   * its file size. Photos unpack 5-50×, screenshots up to ~100×, smooth gradients ~250×; a PNG bomb ~1000×, flat
   * WebP, GIF or AVIF 1,500× and more.
   */
  imageMaxExpansion: 400,
  /** Chosen: pictures up to this size are decoded whatever their ratio (at most 16 MB and tens of milliseconds). */
  imageExpansionFreePixels: 4_000_000,
  /** Chosen: pictures decoded and encoded at once per server process (these machines have 2 cores). */
  imageJobsRunning: 2,
  /** Chosen: pictures waiting their turn, first come first served; one more gets a 503. */
  imageJobsWaiting: 8,
  /** Retry-After of that 503. */
  imageBusyRetrySeconds: 5,
  /**
   * Chosen: PDFs and QR codes made at once per server process (server/src/lib/single-flight.ts); a request for one
   * already being made waits for it and takes no slot.
   */
  rendersRunning: 1,
  /**
   * Chosen: renders waiting their turn, first come first served; one more gets a 503. More than a tRPC batch holds
   * (trpcBatchMax), so one batch of new QR codes is never refused by itself.
   */
  rendersWaiting: 16,
  /** Retry-After of that 503. */
  rendersBusyRetrySeconds: 5,
  /** Chosen: the bytes of made PDFs, QR codes and pictures kept in memory per process; the least recently sent go first. */
  rendersKeptBytes: 32 * 1024 * 1024,
  /**
   * Chosen: failures on one account from all addresses in the window past which addresses that failed on it are
   * refused (the account is never locked for the others).
   */
  loginAccountFailuresBackstop: 100,
  /** Chosen: password-reset e-mails one account gets per hour; more requests get the same response and send nothing. */
  passwordResetMailsPerHour: 3,
  /** Chosen: how long an e-mail verification link works (a new account may not read its mail the same day). */
  emailVerificationTokenTtlMs: 48 * HOUR_MS,
  /** Chosen: verification e-mails one account gets per hour (the one of registration included); more get a 429. */
  verificationMailsPerHour: 3,
  /** Chosen: accounts one address may try to register per window (the default; REGISTRATIONS_PER_HOUR). */
  registrationsPerAddress: 5,
  registrationWindowMs: HOUR_MS,
  /**
   * Chosen: what one request's cached reads may return in all, in JSON characters; a call that finds it spent is
   * refused. A gallery page of 100 cars with the longest stories is about 3 million.
   */
  responseCharsMax: 4_000_000,
  /** Chosen: the deepest JSON body accepted (the deepest input is 4 levels; a tRPC batch adds one). */
  jsonDepthMax: 20,
  // Quotas (all chosen: the spec gives none). Counted in the database, so they hold across app servers; admins are
  // exempt from the car and photo quotas.
  /** Cars one user may submit in any 24 hours. */
  carsPerUserPerDay: 10,
  /** Photos one car may hold (a gallery of a car, not an album). */
  photosPerCar: 20,
  /** Car photos one user may upload in any 24 hours. */
  photosPerUserPerDay: 60,
  quotaDayMs: DAY_MS,
  /** New newsletter addresses one client address (IPv6: one /64) may sign up in any hour. */
  newsletterSignupsPerIpPerHour: 10,
  /** Checkouts (payments started, each of which may mail the address given) one user may start in any hour. */
  paymentsPerUserPerHour: 20,
  quotaHourMs: HOUR_MS,
  /** Edits of one user's cars and their photos (car changes, photos added, deleted, made primary) in the window. */
  carEditsPerUser: 60,
  carEditWindowMs: 10 * MINUTE_MS,
  /** API tokens one user may hold at once; revoking one makes room. */
  apiTokensPerUser: 20,
  /** A token's last-used time is written at most this often (a script's every call would otherwise write it). */
  apiTokenLastUsedEveryMs: MINUTE_MS,
} as const;
