import type { ToastText } from './toast';

/** Adding prints from a car page (part 1 §8). */
export const PRINT_CART_MESSAGES = {
  addedOne: { title: 'Added to cart!', message: 'Your selected print has been added to your cart.' },
  addedMany: (count: number): ToastText => ({
    title: 'Added to cart!',
    message: `${count} ${count === 1 ? 'print' : 'prints'} added to your cart.`,
  }),
  failed: { title: 'Failed to add to cart' },
  /** Shown as a signed-out visitor's Add to Cart takes them to sign-in (and back, with the choice kept). */
  loginRequired: { title: 'Please log in', message: 'You need to be logged in to add items to your cart' },
  noProduct: { title: 'Cannot add to cart', message: 'Please select a product first.' },
  noImages: { title: 'No images selected', message: 'Please select at least one image to purchase.' },
  selectAll: 'Select all photos',
  /** Before the sale: the customer's side of the admin's "Too small for this print" (one rule: isLargeEnoughForPrint). */
  tooSmall: (photos: string[], size: string) =>
    `Too small for a sharp ${size} print: ${photos.join(', ')}. Choose a smaller size, or expect a softer print.`,
  /** Under the print-shape preview (printFraming): what the chosen size does to the photo. */
  framingWhole: (size: string) => `A ${size} print shows the whole photo.`,
  framingTrimmed: (size: string, percent: number, edges: 'sides' | 'top and bottom') =>
    `A ${size} print trims about ${percent}% of the photo from the ${edges}.`,
  selectedCount: (count: number) => `${count} image${count === 1 ? '' : 's'} selected`,
} as const;
