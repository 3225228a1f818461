// Clear Cart asks first (chosen). Apart from CART_MESSAGES, which the app shell loads on every page.
export const CART_CLEAR_MESSAGES = {
  title: 'Clear your cart?',
  message: 'Every item will be removed from your cart.',
  confirm: 'Clear Cart',
  cancel: 'Keep Items',
} as const;
