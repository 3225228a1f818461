import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  canUpdateOrderStatus,
  formatCents,
  MESSAGES,
  ORDER_STATUSES,
  type Order,
  type OrderStatus,
  orderTransitionError,
  trackingNumberError,
} from '@curbside/shared';
import {
  Badge,
  Button,
  Divider,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { OrderItemName, OrderTotalsRows, ShippingAddressLines } from '../../components/shop/order-parts';
import { ORDER_STATUS_COLOR, orderStatusLabel } from '../../components/shop/order-status';
import { errorMessage } from '../../lib/errors';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';

export const orderDate = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Dana' or 'dana', else the name on the shipping address (the account may have been deleted). */
export function customerName(order: Order): string {
  return order.customer?.name || order.customer?.username || order.shippingAddress.name;
}

export interface OrderDialogProps {
  order: Order | null;
  onClose: () => void;
  /** The order as the server returned it after a change. */
  onUpdated: (order: Order) => void;
}

/** The order detail dialog of Order Management (part 2 §2, §4). */
export function OrderDialog({ order, onClose, onUpdated }: OrderDialogProps) {
  return (
    <Modal opened={order !== null} onClose={onClose} title={order ? `Order #${order.id}` : ''} size="lg" centered>
      {order ? <OrderDetails key={order.id} order={order} onUpdated={onUpdated} /> : null}
    </Modal>
  );
}

function OrderDetails({ order, onUpdated }: { order: Order; onUpdated: (order: Order) => void }) {
  const trpc = useTRPC();
  const updateStatus = useMutation(trpc.admin.orders.updateStatus.mutationOptions());
  const [chosen, setChosen] = useState<OrderStatus | null>(null);
  const [trackingNumber, setTrackingNumber] = useState(order.trackingNumber ?? '');
  const [notes, setNotes] = useState(order.notes ?? '');
  const [trackingError, setTrackingError] = useState<string | null>(null);
  const [statusError, setStatusError] = useState<string | null>(null);
  const a = order.shippingAddress;

  const detailsChanged = trackingNumber.trim() !== (order.trackingNumber ?? '') || notes.trim() !== (order.notes ?? '');

  const send = (status: OrderStatus) => {
    const missingTracking = trackingNumberError(status, trackingNumber, order.trackingNumber);
    setTrackingError(missingTracking);
    setStatusError(null);
    if (missingTracking) return;
    updateStatus.mutate(
      { id: order.id, status, trackingNumber, notes },
      {
        onSuccess: (updated) => {
          notifyToast(MESSAGES.admin.success);
          setChosen(null);
          onUpdated(updated);
        },
        onError: (error) => {
          setStatusError(errorMessage(error, MESSAGES.server.internal));
          notifyError(MESSAGES.admin.updateFailed, error);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Group>
        <Text fw={600}>Status</Text>
        <Badge color={ORDER_STATUS_COLOR[order.status]}>{orderStatusLabel(order.status)}</Badge>
        <Text size="sm" c="dimmed">
          {orderDate(order.createdAt)}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <div>
          <Text fw={600}>Customer</Text>
          <Text size="sm">{customerName(order)}</Text>
          <Text size="sm">{order.customer?.email ?? order.email}</Text>
          {order.customer && order.email !== order.customer.email ? (
            <Text size="xs" c="dimmed">
              Order e-mail: {order.email}
            </Text>
          ) : null}
        </div>
        <div>
          <Text fw={600}>Shipping address</Text>
          <ShippingAddressLines address={a} />
        </div>
      </SimpleGrid>
      <Divider />
      <Stack gap={6}>
        <Text fw={600}>Items</Text>
        {order.items.map((item) => (
          <Group key={item.id} justify="space-between" wrap="nowrap" align="start" data-testid="order-item">
            <OrderItemName item={item} />
            <Text size="sm">
              {formatCents(item.priceAtPurchase)} × {item.quantity} ={' '}
              {formatCents(item.priceAtPurchase * item.quantity)}
            </Text>
          </Group>
        ))}
      </Stack>
      <Divider />
      <OrderTotalsRows order={order} />
      <Divider />
      <Select
        label="Change status"
        placeholder="Select new status"
        data={ORDER_STATUSES.map((status) => ({
          value: status,
          label: orderStatusLabel(status),
          disabled: status !== order.status && orderTransitionError(order.status, status) !== null,
        }))}
        value={chosen}
        onChange={(value) => {
          setChosen(value as OrderStatus | null);
          setStatusError(null);
        }}
        allowDeselect={false}
        error={statusError}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        label="Tracking number"
        withAsterisk={chosen === 'shipped'}
        value={trackingNumber}
        onChange={(event) => {
          setTrackingNumber(event.currentTarget.value);
          setTrackingError(null);
        }}
        error={trackingError}
      />
      <Textarea label="Notes" rows={2} value={notes} onChange={(event) => setNotes(event.currentTarget.value)} />
      <Group justify="flex-end">
        {/* Tracking number and notes of an order whose status stays (the server allows the same status). */}
        <Button
          variant="default"
          disabled={!detailsChanged || order.status === 'canceled' || updateStatus.isPending}
          onClick={() => send(order.status)}
        >
          Save Details
        </Button>
        <Button
          disabled={!canUpdateOrderStatus(order.status, chosen)}
          loading={updateStatus.isPending}
          onClick={() => chosen && send(chosen)}
        >
          {MESSAGES.labels.updateStatus}
        </Button>
      </Group>
    </Stack>
  );
}
