import type { ToastText } from './toast';

export const MERCH_MESSAGES = {
  empty: 'No merchandise available at the moment',
  onlyLeft: (stock: number) => `Only ${stock} left in stock!`,
  outOfStock: 'Out of stock',
  /** The disabled button of a sold-out item, which has no quantity to choose. */
  soldOut: 'Sold out',
  added: (quantity: number, name: string): ToastText => ({
    title: 'Added to cart',
    message: `${quantity} x ${name} added to your cart`,
  }),
  /** Title, with the thrown message or this fallback text. */
  addFailed: { title: 'Error', message: 'Failed to add item to cart' },
  signInRequired: { title: 'Sign in required', message: 'Please sign in to add items to your cart' },
} as const;
