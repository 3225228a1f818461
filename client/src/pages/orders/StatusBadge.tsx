import '@mantine/core/styles/Badge.css';
import { MESSAGES, type OrderStatus } from '@curbside/shared';
import { Badge } from '@mantine/core';

/**
 * Chosen colours for the customer's view: a pending order is paid, so it is not shown in the spec's warning yellow
 * (the admin pages keep it).
 */
const COLOR: Record<OrderStatus, string> = {
  pending: 'blue',
  processing: 'blue',
  shipped: 'green',
  delivered: '#10b981',
  canceled: 'red',
};

/** An order's status as its customer reads it: "Paid · preparing", in sentence case. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge color={COLOR[status]} tt="none">
      {MESSAGES.myOrders.status[status]}
    </Badge>
  );
}
