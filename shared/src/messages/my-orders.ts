import { LOGIN_REQUIRED_MESSAGES } from './login-required';
export const MY_ORDERS_MESSAGES = {
  emptyTitle: 'No Orders Yet',
  emptyText: "You haven't placed any orders yet.",
  startShopping: 'Start Shopping',
  loadError: 'Error loading orders. Please try again later.',
  loginRequired: LOGIN_REQUIRED_MESSAGES.orders,
} as const;
