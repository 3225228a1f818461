import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Badge.css';
import { formatOrderNumber, type Order } from '@curbside/shared';
import { Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { OrderItemRows, OrderTotalsRows, ShippingAddressLines } from '../../components/shop/order-parts';
import { StatusBadge } from './StatusBadge';

/** View Details: shipping, status, tracking number, items, totals and notes. */
export function OrderDetailsDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const a = order?.shippingAddress;
  return (
    <Modal
      opened={order !== null}
      onClose={onClose}
      title={order ? `Order ${formatOrderNumber(order.id)}` : ''}
      size="lg"
      centered
    >
      {order && a ? (
        <Stack gap="sm">
          <Group>
            <Text fw={600}>Status</Text>
            <StatusBadge status={order.status} />
          </Group>
          <div>
            <Text fw={600}>Shipping</Text>
            <ShippingAddressLines address={a} />
          </div>
          <Text size="sm">
            <strong>Tracking number:</strong> {order.trackingNumber ?? 'Not yet available'}
          </Text>
          <Divider />
          <Stack gap={6}>
            <Text fw={600}>Items</Text>
            <OrderItemRows items={order.items} />
          </Stack>
          <Divider />
          <OrderTotalsRows order={order} taxLabel={`Tax (${a.state})`} />
          {order.notes ? (
            <Text size="sm">
              <strong>Notes:</strong> {order.notes}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
