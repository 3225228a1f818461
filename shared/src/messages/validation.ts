import { LIMITS } from '../limits';

/** Field messages of the forms and of the calls that take the same fields. */
export const VALIDATION_MESSAGES = {
  // Accounts (part 1 §5).
  email: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  usernameMin: `Username must be at least ${LIMITS.usernameMin} characters`,
  usernameMax: `Username cannot exceed ${LIMITS.usernameMax} characters`,
  registerPasswordMin: `Password must be at least ${LIMITS.registerPasswordMin} characters`,
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  displayNameRequired: 'Please enter a display name',
  currentPasswordRequired: 'Current Password Required',
  newPasswordRequired: 'New Password Required',
  newPasswordMin: `Your new password must be at least ${LIMITS.newPasswordMin} characters long`,
  newPasswordsDontMatch: "Passwords Don't Match",
  // Accounts, chosen.
  emailTooLong: 'Email is too long',
  usernameCharacters: 'Username may only contain letters, numbers, dots, dashes and underscores',
  nameMax: `Name cannot exceed ${LIMITS.nameMax} characters`,
  passwordTooLong: 'Password is too long',
  resetLinkInvalid: 'This reset link is not valid',
  verificationLinkInvalid: 'This verification link is not valid',

  // Car form (part 2 §5).
  makeRequired: 'Make is required',
  modelRequired: 'Model is required',
  yearRequired: 'Year is required',
  yearFormat: 'Must be a valid 4-digit year',
  /** Chosen: the years a car can have been built in, the latest being next year's models. */
  yearRange: (min: number, max: number) => `Enter a year between ${min} and ${max}`,
  ownerNameRequired: 'Owner name is required',
  categoryRequired: 'Category is required',
  legalAgreementRequired: 'You must agree to the legal terms to upload your car',
  /** Chosen. */
  additionalSpecsInvalid: 'Additional specs must be an object of names and values',

  // Event form (part 2 §5).
  eventTitleRequired: 'Event title is required',
  eventDescriptionRequired: 'Event description is required',
  eventDateRequired: 'Event date is required',
  eventLocationRequired: 'Event location is required',
  eventImageUrlRequired: 'Event image URL is required',
  fbEventUrlInvalid: 'Please enter a valid Facebook event URL',

  // Advertisement form (part 2 §5).
  adNameRequired: 'Advertisement name is required',
  adTypeRequired: 'Please select advertisement type',
  imageUrlInvalid: 'Please enter a valid URL or upload an image',
  adLinkUrlInvalid: 'Please enter a valid URL starting with http:// or https://',
  /** Chosen: the spec says start and end dates are required but gives no text. */
  adStartDateRequired: 'Start date is required',
  adEndDateRequired: 'End date is required',
  adEndBeforeStart: 'End date must be on or after the start date',

  // Product form (part 2 §5).
  productNameRequired: 'Product name is required',
  productCategoryRequired: 'Please select a category',
  priceMin: 'Price must be at least $0.01',
  /** Chosen: a price that is not dollars and cents ("12.345", "twelve"). */
  priceFormat: 'Enter a price in dollars and cents, like 12.34',
  shippingFeeNegative: 'Shipping fee cannot be negative',
  stockNegative: 'Stock cannot be negative',
  skuRequired: 'SKU is required',
  /** Chosen. */
  amountInvalid: 'Please enter an amount in dollars and cents, like 19.99',
  priceTooHigh: 'Price cannot exceed $100,000.00',
  stockWhole: 'Stock must be a whole number',

  // Checkout shipping form: required by part 2 §5, texts chosen.
  fullNameRequired: 'Full name is required',
  addressLine1Required: 'Address line 1 is required',
  cityRequired: 'City is required',
  stateRequired: 'Please select a state',
  postalCodeInvalid: 'Please enter a valid ZIP code',
  shippingAddressRequired: 'Please enter a shipping address',
  countryUnsupported: 'We currently ship to the United States only',

  // Cart (part 2 §5: quantity cannot go below 1), texts chosen.
  quantityMin: 'Quantity must be at least 1',
  quantityMax: `Quantity cannot exceed ${LIMITS.cartQuantityMax}`,

  // Order status, site settings and general (chosen).
  orderStatusRequired: 'Please select a status',
  trackingNumberRequired: 'Please enter a tracking number to mark the order as shipped',
  launchDateInvalid: 'Please enter a valid launch date',
  searchRequired: 'Please enter a search term',
  tooLong: (max: number) => `Must be ${max} characters or fewer`,
  invalidId: 'Invalid id',
  /** Keyset paging (chosen): a cursor this site did not hand out, or one that was changed. */
  invalidCursor: 'This is not a cursor from this list. Start again from the first page.',
  offsetTooLarge: (max: number) =>
    `Offsets stop at ${max}. To read further, send the cursor of the previous page (its X-Next-Cursor header).`,
  cursorWithOffset: 'Send either a cursor or an offset, not both.',
  atLeastOneField: 'Nothing to update',
  newsletterSourceInvalid: 'The sign-up source must be 1 to 40 lower-case letters, digits, dashes or underscores',

  // API tokens (chosen).
  apiTokenNameRequired: 'Please give the token a name',
  apiTokenScope: 'The scope must be read, write or admin',
  // What any field says when its schema gives no text of its own (chosen; zod-messages.ts picks one).
  required: 'This field is required',
  /** `kind`: a number, a whole number, text, true or false, a list, an object… */
  mustBe: (kind: string) => `Must be ${kind}`,
  atLeast: (min: string) => `Must be at least ${min}`,
  atMost: (max: string) => `Must be at most ${max}`,
  above: (min: string) => `Must be more than ${min}`,
  below: (max: string) => `Must be less than ${max}`,
  exactly: (size: string) => `Must be exactly ${size}`,
  oneOf: (values: string) => `Must be one of: ${values}`,
  dateFormat: 'Must be a date like 2026-12-31',
  dateOutOfRange: (min: string, max: string) => `Must be a date from ${min} to ${max}`,
  dateTimeFormat: 'Must be a date and time like 2026-12-31T18:00:00Z',
  urlFormat: 'Must be a web address starting with http:// or https://',
  patternMismatch: 'Is not in the expected format',
  multipleOf: (divisor: number) => `Must be a multiple of ${divisor}`,
  unknownFields: (names: string) => `Unknown field${names.includes(',') ? 's' : ''}: ${names}`,
  invalidValue: 'Is not a valid value',
} as const;
