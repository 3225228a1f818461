export const CHECKOUT_MESSAGES = {
  loginRequired: { title: 'Authentication Required', message: 'Please log in to continue with checkout' },
  emptyCart: { title: 'Empty Cart', message: 'Your cart is empty' },
  initFailed: 'Failed to initialize payment',
  /** Title, with the payment provider's message or this fallback text. */
  paymentFailed: { title: 'Payment Failed', message: 'An error occurred during payment processing' },
  paymentError: { title: 'Payment Error', message: 'An unexpected error occurred' },
} as const;
