/** Messages the server sends with its errors. Chosen: the spec shows none beyond those passed through. */
export const SERVER_MESSAGES = {
  authenticationRequired: 'Authentication required',
  adminOnly: 'Admin access required',
  forbidden: 'You do not have permission to do that',
  notOwner: 'You can only edit your own cars',
  carNotFound: 'Car not found',
  imageNotFound: 'Image not found',
  imageNotOfCar: 'That image does not belong to this car',
  primaryImageDelete: 'Choose another primary image before deleting this one',
  productNotFound: 'Product not found',
  skuTaken: (sku: string) => `A product with SKU ${sku} already exists`,
  productUnavailable: 'This product is no longer available',
  notEnoughStock: (name: string, stock: number) =>
    stock > 0 ? `Only ${stock} of ${name} left in stock` : `${name} is out of stock`,
  printNeedsImage: 'Please select at least one image to purchase.',
  cartItemNotFound: 'Cart item not found',
  cartEmpty: 'Your cart is empty',
  orderNotFound: 'Order not found',
  /** The order status rule (shared/orders orderTransitionError). */
  orderMovedBack: (from: string, to: string) => `A ${from} order cannot be moved back to ${to}`,
  orderDeliveredNotCancelable: 'A delivered order cannot be canceled',
  orderCanceledFinal: (to: string) => `A canceled order cannot be moved to ${to}`,
  orderAlreadyCanceled: 'This order is already canceled',
  /** The shipped e-mail of an order shipped without a tracking number. */
  trackingNumberToFollow: 'Your tracking number will follow in another e-mail.',
  orderChangedMeanwhile: 'This order was changed by someone else. Please reload it and try again.',
  paymentNotFound: 'Payment not found',
  paymentNotCompleted: 'The payment has not been completed',
  /** A paid payment whose items ran out before its order was made (asked again after the refund). */
  paymentRefunded: 'An item in your order ran out of stock. Your payment has been refunded.',
  eventNotFound: 'Event not found',
  adNotFound: 'Advertisement not found',
  voteCooldown: 'You can vote for this car again after 24 hours.',
  wrongCurrentPassword: 'Your current password is incorrect',
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  invalidCredentials: 'Invalid email or password',
  tooManyRequests: 'Too many requests. Please try again later.',
  /** API tokens (chosen). 401 of a token that is unknown, revoked or malformed. */
  apiTokenInvalid: 'This API token is not valid. It may have been revoked.',
  apiTokenReadOnly: 'This API token can only read. Create a token with the write scope to make changes.',
  apiTokenNotAdmin: 'This API token has no admin scope.',
  apiTokenAdminScopeForAdmins: 'Only admins can create tokens with the admin scope.',
  apiTokenNeedsSession: 'API tokens are created from a signed-in browser, not with another token.',
  apiTokenNotFound: 'API token not found',
  /** A write token's "sign out everywhere" (chosen): a script must not end its owner's browser sessions. */
  apiTokenCannotSignOut: 'Signing out of every browser needs the browser session, not an API token.',
  /** E-mail verification (chosen; docs/decisions.md). 403 of what an unverified address may not do. */
  emailNotVerified:
    'Please verify your e-mail address first: follow the link we sent you, or send a new one from your profile.',
  verificationLinkInvalid:
    'This verification link is invalid or has expired. Please request a new one from your profile.',
  emailAlreadyVerified: 'Your e-mail address is already verified.',
  verificationThrottled: 'Too many verification e-mails were sent to this account.',
  apiTokensPerUserReached: (limit: number) => `You can have up to ${limit} API tokens. Revoke one to create another.`,
  // The first sentence of a throttle's 429; the server adds 'Please try again in N minutes.'
  signInThrottled: 'Too many failed sign-in attempts.',
  resetThrottled: 'Too many password reset requests.',
  registrationThrottled: 'Too many accounts were registered from your network.',
  /** 429 of a quota (chosen): what ran out; tryAgainIn follows it. */
  carsPerDayReached: (limit: number) => `You can submit up to ${limit} cars a day.`,
  photosPerDayReached: (limit: number) => `You can upload up to ${limit} car photos a day.`,
  newsletterSignupsReached: 'Too many newsletter sign-ups from your network.',
  paymentsPerHourReached: (limit: number) => `You can start up to ${limit} checkouts an hour.`,
  /** "Please try again in 45 minutes." / "... in 3 hours.": when the first place in the quota frees up. */
  tryAgainIn: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    if (minutes <= 90) return `Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
    return `Please try again in ${Math.ceil(minutes / 60)} hours.`;
  },
  /** 409: the car's photo cap (waiting does not help, deleting one does). */
  photosPerCarReached: (limit: number) => `A car can have up to ${limit} photos. Delete one to add another.`,
  imageOnly: 'Please upload an image file',
  /** A multipart body that cannot be read (cut off, or not multipart at all despite its content type). */
  uploadMalformed: 'The upload was incomplete or malformed. Please try again.',
  fileTooLarge: (maxMegabytes: number) => `The file is too large (maximum ${maxMegabytes}MB)`,
  imageTooManyPixels: (maxMegapixels: number) => `The image is too large (maximum ${maxMegapixels} megapixels)`,
  /** 413: a small file whose header claims a picture far larger than its bytes could hold (a decompression bomb). */
  imageOverCompressed: 'This image claims far more pixels than its file size can hold. Please upload a regular photo.',
  /** 503 with Retry-After: every picture slot and the line behind them are taken. */
  imagesBusy: 'The server is busy processing photos. Please try again in a few seconds.',
  /** 503 with Retry-After: every slot for making PDFs and QR codes and the line behind them are taken. */
  rendersBusy: 'The server is busy making downloads. Please try again in a few seconds.',
  /** 429: a user's edits of cars and their photos in the window (admins: no limit). */
  carEditsThrottled: 'You are making changes too quickly.',
  newsletterFailed: 'Failed to subscribe. Please try again.',
  internal: 'Something went wrong. Please try again later.',
  /** The cost bounds of one request (server/src/plugins/request-bounds.ts). */
  compressedBody: 'Compressed request bodies are not accepted: send the body uncompressed.',
  jsonTooDeep: (maxDepth: number) => `The JSON body is nested too deeply (at most ${maxDepth} levels).`,
  batchTooLarge: (maxCalls: number) => `A batch may hold at most ${maxCalls} calls: send the rest in another request.`,
  mutationBatch: 'Changes are sent one per request: batches of mutations are not accepted.',
  responseTooLarge: 'This request asks for too much at once: ask for the rest in another request.',
  /** Refusals of the HTTP layer, before any procedure runs (server/src/http-errors.ts). */
  invalidJson: 'The request body is not valid JSON.',
  /** A JSON key that could change objects' prototypes (prototype poisoning): refused whatever its value. */
  forbiddenJsonKey: 'The request body may not contain the keys "__proto__" or "constructor.prototype".',
  /** A multipart body with more parts than an upload takes: one file and a few fields. */
  tooManyParts: 'Send one file per upload, with at most 10 fields.',
  requestUnreadable: 'The request could not be read.',
  requestTooLarge: 'The request is too large.',
  sendJson: 'Unsupported content type: send JSON.',
  sendMultipart: 'Unsupported content type: send multipart/form-data.',
  requestTimeout: 'The request took too long to arrive.',
  methodNotAllowed: (method: string, allowed: string) => `${method} is not supported here; use ${allowed}.`,
  /** 503: the database cannot be reached, or stayed busy past its wait (the request changed nothing). */
  serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  changeSavedResponseFailed:
    'Your change was saved, but something went wrong on our side while showing it. Reload the page to see it.',
} as const;
