import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import {
  canCancelOrder,
  formatCents,
  LIMITS,
  MESSAGES,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type Order,
  type OrderStatus,
} from '@curbside/shared';
import { Badge, Button, Group, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ORDER_STATUS_COLOR, orderStatusLabel } from '../../components/shop/order-status';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { customerName, OrderDialog, orderDate } from './OrderDialog';

const A = MESSAGES.admin;
const ALL = 'all';
type StatusFilter = OrderStatus | typeof ALL;

const FILTER_OPTIONS = [
  { value: ALL, label: 'All Orders' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] })),
];

/** Order Management (part 2 §2, §4): every order, filtered by status on the server, with View and Cancel. */
export function OrdersTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<StatusFilter>(ALL);
  const orders = useQuery(
    trpc.admin.orders.list.queryOptions({
      limit: LIMITS.adminListLimit,
      ...(filter === ALL ? {} : { status: filter }),
    }),
  );
  const [viewing, setViewing] = useState<Order | null>(null);
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const cancel = useMutation(trpc.admin.orders.updateStatus.mutationOptions());
  // Every filtered list, and the customers' own order lists, may show the change.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.orders.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.orders.pathKey() }),
    ]);

  const confirmCancel = () => {
    if (!toCancel) return;
    cancel.mutate(
      { id: toCancel.id, status: 'canceled' },
      {
        onSuccess: (updated) => {
          notifyToast(A.success);
          setToCancel(null);
          if (viewing?.id === updated.id) setViewing(updated);
          void refresh();
        },
        onError: (error) => {
          notifyError(A.updateFailed, error);
          setToCancel(null);
          // Someone may have moved the order meanwhile: show it as it is now.
          void refresh();
        },
      },
    );
  };

  let body: ReactNode;
  if (orders.isPending) body = <Text c="dimmed">{A.ordersLoading}</Text>;
  else if (orders.isError) body = <Text c="red">{MESSAGES.fetchErrors.orders}</Text>;
  else if (orders.data.length === 0) {
    body = <Text c="dimmed">{filter === ALL ? A.ordersNone : A.ordersNoMatch}</Text>;
  } else {
    body = (
      <ScrollArea type="auto">
        <Table striped highlightOnHover verticalSpacing="sm" miw={820}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order ID</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Total</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.data.map((order) => (
              <Table.Tr key={order.id} data-testid="order-row">
                <Table.Td>#{order.id}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {customerName(order)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {order.customer?.email ?? order.email}
                  </Text>
                </Table.Td>
                <Table.Td>{orderDate(order.createdAt)}</Table.Td>
                <Table.Td>
                  <Badge color={ORDER_STATUS_COLOR[order.status]}>{orderStatusLabel(order.status)}</Badge>
                </Table.Td>
                <Table.Td>{formatCents(order.total)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => setViewing(order)}>
                      View
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      disabled={!canCancelOrder(order.status)}
                      onClick={() => setToCancel(order)}
                    >
                      Cancel
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    );
  }

  return (
    <Stack gap="md">
      <Group align="flex-end">
        <Select
          label="Filter by status"
          data={FILTER_OPTIONS}
          value={filter}
          onChange={(value) => setFilter((value as StatusFilter | null) ?? ALL)}
          allowDeselect={false}
          w={220}
        />
        <Button variant="default" onClick={() => setFilter(ALL)} disabled={filter === ALL}>
          Reset Filters
        </Button>
      </Group>
      {body}
      <OrderDialog
        order={viewing}
        onClose={() => setViewing(null)}
        onUpdated={(updated) => {
          setViewing(updated);
          void refresh();
        }}
      />
      <ConfirmDialog
        opened={toCancel !== null}
        title="Cancel order"
        message={toCancel ? A.cancelOrderConfirm(toCancel.id) : ''}
        confirmLabel="Cancel Order"
        cancelLabel="Keep Order"
        loading={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => setToCancel(null)}
      />
    </Stack>
  );
}
