import { SITE_NAME } from './constants';
import { LIMITS } from './limits';

// Every user-facing text of both spec documents (part 1 §2, §5, §8; part 2 §2, §5, §8), grouped by screen or domain,
// so the server, the client and the tests read one source. Texts quoted in the spec are copied exactly; texts the
// spec does not give are marked "chosen". A toast is { title, message? } for the spec's "title - text".

export interface ToastText {
  title: string;
  message?: string;
}

export const MESSAGES = {
  /** Field messages of the forms and of the calls that take the same fields. */
  validation: {
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

    // Car form (part 2 §5).
    makeRequired: 'Make is required',
    modelRequired: 'Model is required',
    yearRequired: 'Year is required',
    yearFormat: 'Must be a valid 4-digit year',
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
    atLeastOneField: 'Nothing to update',
  },

  /** The request helper (part 1 §7). */
  request: {
    authenticationRequired: 'Authentication required',
  },

  notFound: {
    title: '404 Page Not Found',
    text: 'Did you forget to add the page to the router?',
  },

  siteMode: {
    maintenanceHeading: 'Under Maintenance',
    maintenanceNote: "We're working hard to improve the site experience. Please check back later.",
    comingSoonHeading: 'Coming Soon',
    adminDashboardLink: 'Admin Dashboard',
    previewSiteLink: 'Preview Site',
    maintenanceBanner: 'Maintenance Mode',
    comingSoonBanner: 'Coming Soon Mode',
    adminPreviewSuffix: ' - Admin Preview',
  },

  nav: {
    loginToViewCart: 'Login to view cart',
  },

  auth: {
    loginSuccess: (name: string): ToastText => ({ title: 'Login successful', message: `Welcome back, ${name}!` }),
    loginFailed: { title: 'Login failed', message: 'Invalid email or password' },
    registrationSuccess: (name: string): ToastText => ({
      title: 'Registration successful',
      message: `Welcome to ${SITE_NAME}, ${name}!`,
    }),
    registrationFailed: { title: 'Registration failed', message: 'Could not register. Please try again.' },
    logoutSuccess: { title: 'Logged out successfully' },
    logoutFailed: { title: 'Logout failed' },
    passwordResetSent: {
      title: 'Password Reset Email Sent',
      message: 'Check your email for password reset instructions.',
    },
    passwordResetFailed: { title: 'Error', message: 'Failed to send password reset email. Please try again.' },
    /** Chosen: the same answer whether or not the e-mail has an account. */
    passwordResetRequested: 'If an account exists for that e-mail, a link to reset the password is on its way.',
  },

  /** Car cards on home, gallery and profile (part 1 §2). */
  carCard: {
    unknownOwner: 'Unknown',
    otherCategory: 'Other',
    uncategorized: 'Uncategorized',
    modifiedTag: 'Modified',
    horsepowerTag: (horsepower: string | number) => `${horsepower} HP`,
    /** Home top cars and the car page badge. */
    rankBadge: (rank: number) => `#${rank} This Month`,
    featuredBadge: 'Featured',
  },

  home: {
    noFeaturedCars: 'No cars available to display',
  },

  gallery: {
    loadError: 'There was an error loading the gallery. Please try again later.',
    /** Chosen wording of the spec's "no cars found matching criteria". */
    empty: 'No cars found matching your criteria.',
    searchPlaceholder: 'Search by make, model, or owner name',
  },

  carDetail: {
    notFound: 'Car Not Found',
    officialPhotoBadge: `${SITE_NAME} Photo`,
    ownerPhotoBadge: 'Owner Photo',
    ownerNameFallback: 'Car Enthusiast',
    verifiedOwner: 'Verified Owner',
    /** Chosen: the spec says "a member label". */
    memberLabel: 'Community Member',
    alreadyVotedButton: 'Already Voted',
    voteAgainNote: 'You can vote for this car again after 24 hours.',
  },

  vote: {
    recorded: { title: 'Vote recorded!', message: 'Thank you for supporting this car.' },
    alreadyVoted: { title: 'Already voted', message: 'You can vote for this car again after 24 hours.' },
    /** Title, with the server's message or this fallback text. */
    failed: { title: 'Voting failed', message: 'You may have already voted for this car recently.' },
  },

  /** Adding prints from a car page (part 1 §8). */
  printCart: {
    addedOne: { title: 'Added to cart!', message: 'Your selected print has been added to your cart.' },
    addedMany: (count: number): ToastText => ({
      title: 'Added to cart!',
      message: `${count} print(s) added to your cart.`,
    }),
    failed: { title: 'Failed to add to cart' },
    loginRequired: { title: 'Please log in', message: 'You need to be logged in to add items to your cart' },
    noProduct: { title: 'Cannot add to cart', message: 'Please select a product first.' },
    noImages: { title: 'No images selected', message: 'Please select at least one image to purchase.' },
  },

  leaderboard: {
    title: 'Voting Leaderboard',
    empty: 'No cars have been voted on yet. Be the first to vote!',
    loadError: 'There was an error loading the leaderboard. Please try again later.',
  },

  newsletter: {
    invalidEmail: { title: 'Invalid Email', message: 'Please enter a valid email address.' },
    subscribed: { title: 'Subscribed!', message: 'Thank you for subscribing to our newsletter.' },
    /** Title, with the server's message or this fallback text. */
    failed: { title: 'Subscription Failed', message: 'An error occurred. Please try again later.' },
    /** When the server says no but gives no message. */
    rejectedWithoutMessage: 'Failed to subscribe. Please try again.',
  },

  myOrders: {
    emptyTitle: 'No Orders Yet',
    emptyText: "You haven't placed any orders yet.",
    startShopping: 'Start Shopping',
    loadError: 'Error loading orders. Please try again later.',
    loginRequired: { title: 'Authentication Required', message: 'Please log in to view your orders' },
  },

  profile: {
    loginRequired: { title: 'Authentication Required', message: 'Please log in to view your profile' },
    nameRequired: { title: 'Name Required', message: 'Please enter a display name' },
    updateFailed: { title: 'Update Failed' },
    profileUpdated: { title: 'Profile Updated' },
    nameUpdated: { title: 'Name Updated' },
    currentPasswordRequired: { title: 'Current Password Required' },
    newPasswordRequired: { title: 'New Password Required' },
    passwordTooShort: {
      title: 'Password Too Short',
      message: `Your new password must be at least ${LIMITS.newPasswordMin} characters long`,
    },
    passwordsDontMatch: { title: "Passwords Don't Match" },
    passwordUpdateFailed: { title: 'Password Update Failed' },
    passwordUpdated: { title: 'Password Updated' },
    uploadFailed: { title: 'Upload Failed', message: 'Failed to upload profile picture' },
    uploadSuccessful: { title: 'Upload Successful' },
    noVehicles: 'No vehicles yet',
    addFirstVehicle: 'Add Your First Vehicle',
  },

  merch: {
    empty: 'No merchandise available at the moment',
    onlyLeft: (stock: number) => `Only ${stock} left in stock!`,
    outOfStock: 'Out of stock',
    added: (quantity: number, name: string): ToastText => ({
      title: 'Added to cart',
      message: `${quantity} x ${name} added to your cart`,
    }),
    /** Title, with the thrown message or this fallback text. */
    addFailed: { title: 'Error', message: 'Failed to add item to cart' },
    signInRequired: { title: 'Sign in required', message: 'Please sign in to add items to your cart' },
  },

  events: {
    title: 'Upcoming Events',
    loadError: 'Error loading events. Please try again later.',
    empty: 'No Upcoming Events',
    viewFacebookEvent: 'View Facebook Event',
  },

  /** Car submit and edit (part 2 §2, §5, §8). */
  upload: {
    authRequiredTitle: 'Authentication Required',
    authRequiredText: 'You need to be logged in to submit or edit a car.',
    signInButton: 'Sign In or Register',
    imagesRequired: { title: 'Images required', message: 'Please upload at least one image of your car.' },
    loginToSubmit: { title: 'Authentication required', message: 'Please log in to submit a car.' },
    createFailed: 'Error creating car',
    updateFailed: 'Error updating car',
    imageUploadFailed: (imageNumber: number): ToastText => ({
      title: 'Error uploading images',
      message: `Failed to upload image ${imageNumber}`,
    }),
    primaryImageFailed: 'Failed to update primary image',
    deleteImageFailed: 'Failed to delete image',
    imageAlreadyRemoved: 'Note: Image already removed or not found on the server',
  },

  cart: {
    loginToView: 'Please log in to view your cart',
    loadError: (message: string) => `Error loading cart: ${message}`,
    updateFailed: 'Failed to update quantity',
    removeFailed: 'Failed to remove item',
    clearFailed: 'Failed to clear cart',
    empty: { title: 'Empty Cart', message: 'Your cart is empty' },
  },

  checkout: {
    loginRequired: { title: 'Authentication Required', message: 'Please log in to continue with checkout' },
    emptyCart: { title: 'Empty Cart', message: 'Your cart is empty' },
    initFailed: 'Failed to initialize payment',
    /** Title, with the payment provider's message or this fallback text. */
    paymentFailed: { title: 'Payment Failed', message: 'An error occurred during payment processing' },
    paymentError: { title: 'Payment Error', message: 'An unexpected error occurred' },
    cartNotCleared:
      "Your order was successful but we couldn't clear your cart automatically. It will still show previous items.",
  },

  orderSuccess: {
    loginRequired: 'Please log in to view your order',
  },

  admin: {
    success: { title: 'Success!' },
    deleteConfirm: 'This action cannot be undone.',
    cancelOrderConfirm: (orderId: number | string) =>
      `Are you sure you want to cancel order #${orderId}? This action cannot be undone.`,
    ordersNoMatch: 'No orders match your filter criteria.',
    ordersNone: 'No orders found in the database.',
    ordersLoading: 'Loading orders...',
    noCategoryData: 'No category data available.',
    saving: 'Saving...',
    uploadImageFailed: 'Failed to upload image',
    adImageRequired: { title: 'Image Required', message: 'Please upload an image or provide an image URL.' },
    /** Chosen: toast titles of failed admin changes (with the server's message). */
    updateFailed: { title: 'Update failed' },
    deleteFailed: { title: 'Delete failed' },
    saveFailed: { title: 'Save failed' },
  },

  /** Headings, tabs and buttons the spec names (part 1 §2, part 2 §2). */
  labels: {
    addToCart: 'Add to Cart',
    viewDetails: 'View Details',
    myVehicles: 'My Vehicles',
    addNewVehicle: 'Add New Vehicle',
    memberSince: 'Member since',
    backToShipping: 'Back to Shipping Information',
    manageCars: 'Manage Cars',
    orderManagement: 'Order Management',
    advertisements: 'Advertisements',
    categoryDistribution: 'Category Distribution',
    featuredProduct: 'Featured Product',
    active: 'Active',
    merchandiseItem: 'Merchandise Item',
    createProduct: 'Create Product',
    updateProduct: 'Update Product',
    updateStatus: 'Update Status',
    saveSettings: 'Save Settings',
  },

  /** Errors raised by the client's data calls (part 1 §8, part 2 §8). */
  fetchErrors: {
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
  },

  /** Messages the server sends with its errors. Chosen: the spec shows none beyond those passed through. */
  server: {
    authenticationRequired: 'Authentication required',
    adminOnly: 'Admin access required',
    forbidden: 'You do not have permission to do that',
    notOwner: 'You can only edit your own cars',
    carNotFound: 'Car Not Found',
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
    orderChangedMeanwhile: 'This order was changed by someone else. Please reload it and try again.',
    paymentNotFound: 'Payment not found',
    paymentNotCompleted: 'The payment has not been completed',
    eventNotFound: 'Event not found',
    adNotFound: 'Advertisement not found',
    voteCooldown: 'You can vote for this car again after 24 hours.',
    wrongCurrentPassword: 'Your current password is incorrect',
    emailTaken: 'An account with this email already exists',
    usernameTaken: 'This username is already taken',
    invalidCredentials: 'Invalid email or password',
    tooManyRequests: 'Too many requests. Please try again later.',
    imageOnly: 'Please upload an image file',
    fileTooLarge: (maxMegabytes: number) => `The file is too large (maximum ${maxMegabytes}MB)`,
    newsletterFailed: 'Failed to subscribe. Please try again.',
    internal: 'Something went wrong. Please try again later.',
  },
} as const;
