import { LOGIN_REQUIRED_MESSAGES } from './login-required';
export const CHECKOUT_MESSAGES = {
  loginRequired: LOGIN_REQUIRED_MESSAGES.checkout,
  emptyCart: { title: 'Empty Cart', message: 'Your cart is empty' },
  initFailed: 'Failed to initialize payment',
  /** The step indicator over the checkout: where the shopper is of the three. */
  stepsLabel: 'Checkout steps',
  steps: ['Shipping', 'Payment', 'Confirmation'],
  /** Title, with the payment provider's message or this fallback text. */
  paymentFailed: { title: 'Payment Failed', message: 'An error occurred during payment processing' },
  paymentError: { title: 'Payment Error', message: 'An unexpected error occurred' },
} as const;
