export const MY_ORDERS_MESSAGES = {
  emptyTitle: 'No Orders Yet',
  emptyText: "You haven't placed any orders yet.",
  startShopping: 'Start Shopping',
  loadError: 'Error loading orders. Please try again later.',
  loginRequired: { title: 'Authentication Required', message: 'Please log in to view your orders' },
} as const;
