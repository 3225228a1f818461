import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  type AdminOrder,
  type AdminOrderItem,
  canUpdateOrderStatus,
  formatCentralDateTime,
  formatCents,
  formatOrderNumber,
  MESSAGES,
  ORDER_STATUSES,
  type Order,
  type OrderHistoryEntry,
  type OrderStatus,
  orderTransitionError,
  trackingNumberError,
} from '@curbside/shared';
import {
  Anchor,
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
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../../components/LoadError';
import { OrderItemName, OrderTotalsRows, ShippingAddressLines } from '../../components/shop/order-parts';
import { ORDER_STATUS_COLOR, orderStatusLabel } from '../../components/shop/order-status';
import { errorMessage } from '../../lib/errors';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';

/** In Central time, as the date filters and the packing slip read it (not the browser's zone). */
export const orderDate = (iso: string) => formatCentralDateTime(iso);

/** 'Dana' or 'dana', else the name on the shipping address (the account may have been deleted). */
export function customerName(order: Order): string {
  return order.customer?.name || order.customer?.username || order.shippingAddress.name;
}

const F = MESSAGES.fulfilment;

export interface OrderDialogProps {
  order: AdminOrder | null;
  onClose: () => void;
  /** The order as the server returned it after a change. */
  onUpdated: (order: AdminOrder) => void;
  onPackingSlip: (orderId: number) => void;
}

/**
 * The order detail dialog of Order Management (part 2 §2, §4), with what fulfilment needs: each print's
 * photo, its pixels against the print size and the original's download; the status history; the message to the
 * customer apart from the internal note.
 */
export function OrderDialog({ order, onClose, onUpdated, onPackingSlip }: OrderDialogProps) {
  return (
    <Modal
      opened={order !== null}
      onClose={onClose}
      title={order ? `Order ${formatOrderNumber(order.id)}` : ''}
      size="xl"
      centered
    >
      {order ? <OrderDetails key={order.id} order={order} onUpdated={onUpdated} onPackingSlip={onPackingSlip} /> : null}
    </Modal>
  );
}

/** What a print line's thumbnail shows: 'Nissan Skyline GT-R for Poster Print 12x18'. */
export const printAlt = (item: AdminOrderItem) =>
  item.car ? `${item.car.make} ${item.car.model} for ${item.product.name}` : item.product.name;

/** A print line's photo: thumbnail, pixel size, whether it is enough for the print, and the original's download. */
export function PrintPhoto({ item }: { item: AdminOrderItem }) {
  if (!item.photo)
    return item.isPrint ? (
      <Text size="xs" c="red">
        {F.photoGone}
      </Text>
    ) : null;
  const { photo } = item;
  let verdict: { text: string; color: string };
  if (!photo.required) verdict = { text: F.photoSizeUnknown, color: 'orange' };
  else if (photo.largeEnough)
    verdict = { text: F.photoLargeEnough(photo.required.width, photo.required.height), color: 'green' };
  else verdict = { text: F.photoTooSmall(photo.required.width, photo.required.height), color: 'red' };
  return (
    <Group gap="sm" wrap="nowrap" align="start" data-testid="print-photo">
      <img
        src={photo.thumbnailUrl}
        alt={printAlt(item)}
        width={96}
        height={72}
        style={{ objectFit: 'cover', borderRadius: 4, flexShrink: 0 }}
      />
      <Stack gap={2}>
        <Text size="sm">
          {photo.width} × {photo.height} px
        </Text>
        <Text size="xs" c={verdict.color} role={photo.largeEnough === false ? 'alert' : undefined}>
          {verdict.text}
        </Text>
        <Anchor size="sm" href={photo.downloadUrl} download>
          {F.downloadOriginal}
        </Anchor>
      </Stack>
    </Group>
  );
}

function historyLine(entry: OrderHistoryEntry): string {
  const move =
    entry.from === null || entry.from === entry.to
      ? orderStatusLabel(entry.to)
      : `${orderStatusLabel(entry.from)} → ${orderStatusLabel(entry.to)}`;
  const who = entry.by ? F.historyBy(entry.by) : F.historySystem;
  const tracking = entry.trackingNumber ? ` · Tracking ${entry.trackingNumber}` : '';
  return `${orderDate(entry.at)}: ${move} ${who}${tracking}`;
}

function OrderHistory({ orderId }: { orderId: number }) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.admin.orders.get.queryOptions({ id: orderId }));
  return (
    <Stack gap={4}>
      <Text fw={600}>{F.historyTitle}</Text>
      {/* Inside the order's dialog: closing it is the way back. */}
      {detail.isError ? <LoadError message={MESSAGES.fetchErrors.orders} query={detail} back={null} /> : null}
      {detail.data?.history.length === 0 ? (
        <Text size="sm" c="dimmed">
          {F.historyNone}
        </Text>
      ) : null}
      <Stack gap={2} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={F.historyTitle}>
        {detail.data?.history.map((entry) => (
          <li key={`${entry.at}-${entry.from}-${entry.to}-${entry.trackingNumber}`}>
            <Text size="sm">{historyLine(entry)}</Text>
            {entry.note ? (
              <Text size="xs" c="dimmed">
                {entry.note}
              </Text>
            ) : null}
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

function InternalNote({ order, onUpdated }: { order: AdminOrder; onUpdated: (order: AdminOrder) => void }) {
  const trpc = useTRPC();
  const save = useMutation(trpc.admin.orders.setInternalNote.mutationOptions());
  const [note, setNote] = useState(order.internalNote ?? '');
  return (
    <Stack gap={4}>
      <Textarea
        label={F.internalNoteLabel}
        description={F.internalNoteHint}
        rows={2}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button
          variant="default"
          size="xs"
          disabled={note.trim() === (order.internalNote ?? '')}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { id: order.id, internalNote: note },
              {
                onSuccess: (updated) => {
                  notifyToast(F.internalNoteSaved);
                  onUpdated(updated);
                },
                onError: (error) => notifyError(MESSAGES.admin.updateFailed, error),
              },
            )
          }
        >
          {F.saveInternalNote}
        </Button>
      </Group>
    </Stack>
  );
}

function OrderDetails({
  order,
  onUpdated,
  onPackingSlip,
}: {
  order: AdminOrder;
  onUpdated: (order: AdminOrder) => void;
  onPackingSlip: (orderId: number) => void;
}) {
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
          notifyToast(MESSAGES.admin.done.orderStatus(updated.id, orderStatusLabel(updated.status)));
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
        <Button size="xs" variant="default" ml="auto" onClick={() => onPackingSlip(order.id)}>
          {F.packingSlip}
        </Button>
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
            <Stack gap={4}>
              <OrderItemName item={item} />
              <PrintPhoto item={item} />
            </Stack>
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
      <Textarea
        label={F.customerMessageLabel}
        description={F.customerMessageHint}
        rows={2}
        value={notes}
        onChange={(event) => setNotes(event.currentTarget.value)}
      />
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
      <Divider />
      <InternalNote order={order} onUpdated={onUpdated} />
      <Divider />
      <OrderHistory orderId={order.id} />
    </Stack>
  );
}
