import { LOGIN_REQUIRED_MESSAGES } from './login-required';
export const CART_MESSAGES = {
  loginToView: LOGIN_REQUIRED_MESSAGES.cart.message,
  loadError: (message: string) => `Error loading cart: ${message}`,
  updateFailed: 'Failed to update quantity',
  removeFailed: 'Failed to remove item',
  clearFailed: 'Failed to clear cart',
  empty: { title: 'Empty Cart', message: 'Your cart is empty' },
} as const;
