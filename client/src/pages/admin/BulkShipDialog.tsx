import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { type AdminOrder, formatOrderNumber, MESSAGES } from '@curbside/shared';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { customerName } from './OrderDialog';

const F = MESSAGES.fulfilment;

export interface BulkShipDialogProps {
  /** The selected orders, or null when closed. */
  orders: AdminOrder[] | null;
  loading: boolean;
  onClose: () => void;
  /** Tracking numbers by order id (blank ones left out: the server then keeps the order's own, or refuses). */
  onShip: (trackingNumbers: Record<number, string>) => void;
}

/** Shipping several orders at once: a tracking number per order, as a single change needs. */
export function BulkShipDialog({ orders, loading, onClose, onShip }: BulkShipDialogProps) {
  return (
    <Modal opened={orders !== null} onClose={onClose} title={F.bulkTrackingTitle} centered>
      {orders ? <ShipForm orders={orders} loading={loading} onClose={onClose} onShip={onShip} /> : null}
    </Modal>
  );
}

function ShipForm({ orders, loading, onClose, onShip }: BulkShipDialogProps & { orders: AdminOrder[] }) {
  const [numbers, setNumbers] = useState<Record<number, string>>(() =>
    Object.fromEntries(orders.map((order) => [order.id, order.trackingNumber ?? ''])),
  );
  return (
    <Stack>
      {orders.map((order) => (
        <TextInput
          key={order.id}
          label={`Tracking number for ${formatOrderNumber(order.id)}`}
          description={customerName(order)}
          value={numbers[order.id] ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setNumbers((current) => ({ ...current, [order.id]: value }));
          }}
        />
      ))}
      <Text size="sm" c="dimmed">
        {F.bulkSelected(orders.length)}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={loading}>
          Cancel
        </Button>
        <Button
          loading={loading}
          onClick={() => onShip(Object.fromEntries(Object.entries(numbers).filter(([, value]) => value.trim() !== '')))}
        >
          {F.bulkMoveTo('Shipped')}
        </Button>
      </Group>
    </Stack>
  );
}
