export const CART_MESSAGES = {
  loginToView: 'Please log in to view your cart',
  loadError: (message: string) => `Error loading cart: ${message}`,
  updateFailed: 'Failed to update quantity',
  removeFailed: 'Failed to remove item',
  clearFailed: 'Failed to clear cart',
  empty: { title: 'Empty Cart', message: 'Your cart is empty' },
  /** Clear Cart asks first (chosen). */
  clearConfirm: {
    title: 'Clear your cart?',
    message: 'Every item will be removed from your cart.',
    confirm: 'Clear Cart',
    cancel: 'Keep Items',
  },
} as const;
