import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import { type AdminOrder, type CancelOrderInput, dollarsToCents, formatCents, MESSAGES } from '@curbside/shared';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';

const F = MESSAGES.fulfilment;
type Choice = CancelOrderInput['refund']['kind'];

export interface CancelOrderDialogProps {
  order: AdminOrder | null;
  onClose: () => void;
  onCanceled: (order: AdminOrder) => void;
  onFailed: () => void;
}

/**
 * Cancel with the refund choice: the question says the payment can be refunded and how much was paid; the
 * admin picks everything, nothing or part of it. The server refuses more than was paid.
 */
export function CancelOrderDialog({ order, onClose, onCanceled, onFailed }: CancelOrderDialogProps) {
  return (
    <Modal opened={order !== null} onClose={onClose} title="Cancel order" centered>
      {order ? (
        <CancelForm key={order.id} order={order} onCanceled={onCanceled} onFailed={onFailed} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function CancelForm({ order, onClose, onCanceled, onFailed }: CancelOrderDialogProps & { order: AdminOrder }) {
  const trpc = useTRPC();
  const cancel = useMutation(trpc.admin.orders.cancel.mutationOptions());
  const paid = order.total - order.refundedAmount;
  const [choice, setChoice] = useState<Choice>('full');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);

  const confirm = () => {
    let refund: CancelOrderInput['refund'] = { kind: choice } as CancelOrderInput['refund'];
    if (choice === 'partial') {
      const cents = dollarsToCents(amount);
      if (cents === null || cents <= 0) return setAmountError(F.refundNotPositive);
      if (cents > paid) return setAmountError(F.refundTooMuch(formatCents(paid)));
      refund = { kind: 'partial', amount: cents };
    }
    cancel.mutate(
      { id: order.id, refund },
      {
        onSuccess: (updated) => {
          notifyToast(MESSAGES.admin.done.orderCanceled(order.id));
          onCanceled(updated);
        },
        onError: (error) => {
          notifyError(MESSAGES.admin.updateFailed, error);
          onFailed();
        },
      },
    );
  };

  return (
    <Stack>
      <Text>{MESSAGES.admin.cancelOrderConfirm(order.id)}</Text>
      <Text fw={600}>{F.cancelRefundNote(formatCents(paid))}</Text>
      <Select
        label={F.refundLabel}
        data={[
          { value: 'full', label: F.refundFull(formatCents(paid)) },
          { value: 'none', label: F.refundNone },
          { value: 'partial', label: F.refundPartial },
        ]}
        value={choice}
        onChange={(value) => setChoice((value as Choice | null) ?? 'full')}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {choice === 'partial' ? (
        <TextInput
          label={F.refundAmountLabel}
          inputMode="decimal"
          value={amount}
          error={amountError}
          onChange={(event) => {
            setAmount(event.currentTarget.value);
            setAmountError(null);
          }}
        />
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
          Keep Order
        </Button>
        <Button color="red" onClick={confirm} loading={cancel.isPending}>
          Cancel Order
        </Button>
      </Group>
    </Stack>
  );
}
