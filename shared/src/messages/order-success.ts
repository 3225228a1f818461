export const ORDER_SUCCESS_MESSAGES = {
  loginRequired: 'Please log in to view your order',
} as const;
