import type { OrderStatus } from '@curbside/shared';

/** Badge colours of spec part 1 §4 (emerald is not a Mantine palette name, so its CSS colour). */
export const ORDER_STATUS_COLOR: Record<OrderStatus, string> = {
  pending: 'yellow',
  processing: 'blue',
  shipped: 'green',
  delivered: '#10b981',
  canceled: 'red',
};

export const orderStatusLabel = (status: OrderStatus) => status.charAt(0).toUpperCase() + status.slice(1);
