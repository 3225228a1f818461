import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Badge.css';
import { formatCents, type Order } from '@curbside/shared';
import { Badge, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { ORDER_STATUS_COLOR, orderStatusLabel } from '../../components/shop/order-status';

/** View Details: shipping, status, tracking number, items, totals and notes. */
export function OrderDetailsDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const a = order?.shippingAddress;
  return (
    <Modal opened={order !== null} onClose={onClose} title={order ? `Order #${order.id}` : ''} size="lg" centered>
      {order && a ? (
        <Stack gap="sm">
          <Group>
            <Text fw={600}>Status</Text>
            <Badge color={ORDER_STATUS_COLOR[order.status]}>{orderStatusLabel(order.status)}</Badge>
          </Group>
          <div>
            <Text fw={600}>Shipping</Text>
            <Text size="sm">{a.name}</Text>
            <Text size="sm">
              {a.line1}
              {a.line2 ? `, ${a.line2}` : ''}
            </Text>
            <Text size="sm">
              {a.city}, {a.state} {a.postalCode}, {a.country}
            </Text>
          </div>
          <Text size="sm">
            <strong>Tracking number:</strong> {order.trackingNumber ?? 'Not yet available'}
          </Text>
          <Divider />
          <Stack gap={6}>
            <Text fw={600}>Items</Text>
            {order.items.map((item) => (
              <Group key={item.id} justify="space-between" wrap="nowrap" align="start">
                <Group gap="sm" wrap="nowrap">
                  {item.product.imageUrl ? (
                    <img
                      src={item.product.imageUrl}
                      alt=""
                      width={56}
                      height={42}
                      style={{ objectFit: 'cover', borderRadius: 4 }}
                    />
                  ) : null}
                  <div>
                    <Text size="sm">
                      {item.quantity} × {item.product.name}
                    </Text>
                    {item.car || item.printSize ? (
                      <Text size="xs" c="dimmed">
                        {[item.car ? `${item.car.make} ${item.car.model}` : null, item.printSize]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    ) : null}
                  </div>
                </Group>
                <Text size="sm">{formatCents(item.priceAtPurchase * item.quantity)}</Text>
              </Group>
            ))}
          </Stack>
          <Divider />
          <Row label="Subtotal" value={order.subtotal} />
          <Row label="Shipping" value={order.shipping} />
          <Row label={`Tax (${a.state})`} value={order.tax} />
          <Group justify="space-between">
            <Text fw={700}>Total</Text>
            <Text fw={700}>{formatCents(order.total)}</Text>
          </Group>
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

function Row({ label, value }: { label: string; value: number }) {
  return (
    <Group justify="space-between">
      <Text size="sm">{label}</Text>
      <Text size="sm">{formatCents(value)}</Text>
    </Group>
  );
}
