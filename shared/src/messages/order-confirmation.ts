// The order success page's own texts (chosen), apart from ORDER_SUCCESS_MESSAGES, which the app shell's
// sign-in guard loads on every page. The order shown is the one the server recorded for the shopper's own payment.
export const ORDER_CONFIRMATION_MESSAGES = {
  thankYou: 'Thank you for your order!',
  paid: 'Your payment was successful. A confirmation e-mail is on its way, and you can follow the order in My Orders.',
  confirming: 'Confirming your order…',
  /** No payment_intent in the address, or one that is not a paid payment of the signed-in shopper. */
  notConfirmedTitle: 'We could not confirm an order here',
  noPayment: 'This page did not receive a payment to confirm. Your cart has not been changed.',
  notConfirmed: (reason: string) =>
    `${reason}. Your cart has not been changed: you can check your cart or find your orders in My Orders.`,
  backToCart: 'Back to Cart',
  viewOrders: 'View My Orders',
  itemsHeading: 'Your items',
} as const;
