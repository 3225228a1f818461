import type { OrderStatus } from '../constants';
import { LOGIN_REQUIRED_MESSAGES } from './login-required';

export const MY_ORDERS_MESSAGES = {
  /** Chosen: the list's heading (the spec's one "Order History" tab, without a tab bar). */
  historyTitle: 'Order History',
  emptyTitle: 'No Orders Yet',
  emptyText: "You haven't placed any orders yet.",
  startShopping: 'Start Shopping',
  loadError: 'Error loading orders. Please try again later.',
  loginRequired: LOGIN_REQUIRED_MESSAGES.orders,
  /** Chosen: "1 item", "3 items". */
  itemCount: (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`,
  /**
   * Chosen: an order's status as its customer reads it. A pending order is paid and waiting to be printed (the admin
   * pages keep the spec's "Pending").
   */
  status: {
    pending: 'Paid · preparing',
    processing: 'Processing',
    shipped: 'Shipped',
    delivered: 'Delivered',
    canceled: 'Canceled',
  } satisfies Record<OrderStatus, string>,
} as const;
