/** The title of every "log in first" toast (spec part 1 §8). */
export const AUTH_REQUIRED_TITLE = 'Authentication Required';

/**
 * What a signed-out visitor is told on the way to /auth from a page that needs an account (spec part 1 §8; the cart
 * and order texts are chosen). A file of its own: the app shell shows these on every page, and should not load whole
 * areas of texts for one each. The areas (cart, checkout, …) refer to these.
 */
export const LOGIN_REQUIRED_MESSAGES = {
  cart: { title: AUTH_REQUIRED_TITLE, message: 'Please log in to view your cart' },
  checkout: { title: AUTH_REQUIRED_TITLE, message: 'Please log in to continue with checkout' },
  orderSuccess: { title: AUTH_REQUIRED_TITLE, message: 'Please log in to view your order' },
  orders: { title: AUTH_REQUIRED_TITLE, message: 'Please log in to view your orders' },
} as const;
