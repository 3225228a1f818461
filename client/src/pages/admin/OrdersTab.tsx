import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Checkbox.css';
import {
  ADMIN_ORDER_PAGE_SIZE,
  type AdminOrder,
  type AdminOrderFilter,
  type BulkStatusResult,
  canCancelOrder,
  formatCents,
  formatOrderNumber,
  MESSAGES,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
} from '@curbside/shared';
import { Badge, Button, Checkbox, Group, ScrollArea, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { LoadError } from '../../components/LoadError';
import { ORDER_STATUS_COLOR, orderStatusLabel } from '../../components/shop/order-status';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { BulkShipDialog } from './BulkShipDialog';
import { CancelOrderDialog } from './CancelOrderDialog';
import { PageButtons, useCursorPages } from './list-pager';
import { RowCard, useNarrow } from './narrow';
import { customerName, OrderDialog, orderDate } from './OrderDialog';

const PackingSlip = lazy(() => import('./PackingSlip'));

const A = MESSAGES.admin;
const F = MESSAGES.fulfilment;
const ALL = 'all';
type StatusFilter = OrderStatus | typeof ALL;

const FILTER_OPTIONS = [
  { value: ALL, label: 'All Orders' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] })),
];

const PAYMENT_COLOR: Record<AdminOrder['paymentState'], string> = {
  paid: 'green',
  refunded: 'gray',
  partially_refunded: 'yellow',
  refund_failed: 'red',
  not_refunded: 'orange',
};

/** The filters as the export's query string (the CSV holds what the list shows, every page). */
function exportHref(filter: AdminOrderFilter): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  const query = params.toString();
  return `/api/orders/export.csv${query ? `?${query}` : ''}`;
}

/**
 * Order Management (part 2 §2, §4): search by number, customer or e-mail, status and Central dates, page
 * by page; select orders to move them on together; export what the filters match as CSV; View, Packing slip and
 * Cancel (with the refund choice) per order. Phones get one card per order instead of the table.
 */
export function OrdersTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const narrow = useNarrow();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<StatusFilter>(ALL);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // Keyset pagination: each page starts after the last order of the one before (its cursor).
  const cursorPages = useCursorPages();
  const page = cursorPages.page + 1;
  const filter: AdminOrderFilter = {
    ...(q ? { q } : {}),
    ...(status === ALL ? {} : { status }),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const filtered = Object.keys(filter).length > 0;
  const rangeError = from && to && from > to ? F.dateRangeBackwards : null;
  const orders = useQuery({
    ...trpc.admin.orders.search.queryOptions({
      ...filter,
      page,
      pageSize: ADMIN_ORDER_PAGE_SIZE,
      ...(cursorPages.cursor ? { cursor: cursorPages.cursor } : {}),
    }),
    enabled: !rangeError,
    placeholderData: keepPreviousData,
  });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [viewing, setViewing] = useState<AdminOrder | null>(null);
  const [slipOf, setSlipOf] = useState<number | null>(null);
  const [toCancel, setToCancel] = useState<AdminOrder | null>(null);
  const [shipping, setShipping] = useState<AdminOrder[] | null>(null);
  const [bulkFailures, setBulkFailures] = useState<{ id: number; message: string }[]>([]);
  const bulk = useMutation(trpc.admin.orders.bulkStatus.mutationOptions());

  // Every filtered page, the open order, and the customers' own order lists may show the change.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.orders.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.orders.pathKey() }),
    ]);
  /** A filter changed: back to the first page, nothing selected. */
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      cursorPages.reset();
      setSelected(new Set());
    };
  const resetFilters = () => {
    setSearch('');
    setStatus(ALL);
    setFrom('');
    setTo('');
    cursorPages.reset();
    setSelected(new Set());
  };

  const rows = orders.data?.orders ?? [];
  const nextCursor = orders.isPlaceholderData ? null : (orders.data?.nextCursor ?? null);
  // The total counts the pages; Next also needs the cursor the current page handed out.
  const pages = nextCursor ? Math.max(page + 1, Math.ceil((orders.data?.total ?? 0) / ADMIN_ORDER_PAGE_SIZE)) : page;
  const selectedOrders = rows.filter((order) => selected.has(order.id));
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const moveSelected = (status: 'processing' | 'shipped', trackingNumbers: Record<number, string> = {}) => {
    bulk.mutate(
      {
        status,
        orders: selectedOrders.map((order) => ({
          id: order.id,
          ...(trackingNumbers[order.id] ? { trackingNumber: trackingNumbers[order.id] } : {}),
        })),
      },
      {
        onSuccess: ({ results }: BulkStatusResult) => {
          const failed = results.flatMap((r) => (r.ok ? [] : [{ id: r.id, message: r.message }]));
          notifyToast({ title: F.bulkResult(results.length - failed.length, failed.length) });
          setBulkFailures(failed);
          setSelected(new Set(failed.map((f) => f.id)));
          setShipping(null);
          void refresh();
        },
        onError: (error) => notifyError(A.updateFailed, error),
      },
    );
  };

  const actions = (order: AdminOrder) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" onClick={() => setViewing(order)}>
        View
      </Button>
      <Button size="xs" variant="default" onClick={() => setSlipOf(order.id)}>
        {F.packingSlip}
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
  );
  const statusBadge = (order: AdminOrder) => (
    <Badge color={ORDER_STATUS_COLOR[order.status]}>{orderStatusLabel(order.status)}</Badge>
  );
  const paymentBadge = (order: AdminOrder) => (
    <Badge variant="light" color={PAYMENT_COLOR[order.paymentState]}>
      {F.paymentStates[order.paymentState]}
    </Badge>
  );
  const selectBox = (order: AdminOrder) => (
    <Checkbox
      aria-label={F.selectOrder(order.id)}
      checked={selected.has(order.id)}
      onChange={(event) => toggle(order.id, event.currentTarget.checked)}
    />
  );

  let body: ReactNode;
  if (rangeError) body = null;
  else if (orders.isPending) body = <Text c="dimmed">{A.ordersLoading}</Text>;
  else if (orders.isError) body = <LoadError message={MESSAGES.fetchErrors.orders} query={orders} />;
  else if (rows.length === 0) body = <Text c="dimmed">{filtered ? A.ordersNoMatch : A.ordersNone}</Text>;
  else if (narrow) {
    body = (
      <Stack gap="sm">
        {rows.map((order) => (
          <RowCard key={order.id} testId="order-card">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  {selectBox(order)}
                  <Text fw={700}>{formatOrderNumber(order.id)}</Text>
                </Group>
                {statusBadge(order)}
              </Group>
              <Text size="sm">
                {customerName(order)} · {order.shippingAddress.state}
              </Text>
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {orderDate(order.createdAt)} · {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'}
                </Text>
                <Text fw={600}>{formatCents(order.total)}</Text>
              </Group>
              <Group justify="space-between">
                {paymentBadge(order)}
                {actions(order)}
              </Group>
            </Stack>
          </RowCard>
        ))}
      </Stack>
    );
  } else {
    const allOnPage = rows.every((order) => selected.has(order.id));
    body = (
      <ScrollArea type="auto">
        <Table striped highlightOnHover verticalSpacing="sm" miw={1080}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Checkbox
                  aria-label={F.selectAll}
                  checked={allOnPage}
                  indeterminate={!allOnPage && selectedOrders.length > 0}
                  onChange={(event) => {
                    const on = event.currentTarget.checked;
                    setSelected(on ? new Set(rows.map((order) => order.id)) : new Set());
                  }}
                />
              </Table.Th>
              <Table.Th>Order ID</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Items</Table.Th>
              <Table.Th>Ship to</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Payment</Table.Th>
              <Table.Th>Total</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((order) => (
              <Table.Tr key={order.id} data-testid="order-row">
                <Table.Td>{selectBox(order)}</Table.Td>
                <Table.Td>{formatOrderNumber(order.id)}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {customerName(order)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {order.customer?.email ?? order.email}
                  </Text>
                </Table.Td>
                <Table.Td>{orderDate(order.createdAt)}</Table.Td>
                <Table.Td>{order.itemCount}</Table.Td>
                <Table.Td>{order.shippingAddress.state}</Table.Td>
                <Table.Td>{statusBadge(order)}</Table.Td>
                <Table.Td>{paymentBadge(order)}</Table.Td>
                <Table.Td>{formatCents(order.total)}</Table.Td>
                <Table.Td>{actions(order)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    );
  }

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={F.searchLabel}
          placeholder={F.searchPlaceholder}
          type="search"
          value={search}
          onChange={(event) => refilter(setSearch)(event.currentTarget.value)}
          w={{ base: '100%', sm: 300 }}
        />
        <Select
          label="Filter by status"
          data={FILTER_OPTIONS}
          value={status}
          onChange={(value) => refilter(setStatus)((value as StatusFilter | null) ?? ALL)}
          allowDeselect={false}
          w={{ base: '100%', sm: 180 }}
        />
        <TextInput
          label={F.dateFrom}
          type="date"
          value={from}
          onChange={(event) => refilter(setFrom)(event.currentTarget.value)}
        />
        <TextInput
          label={F.dateTo}
          type="date"
          value={to}
          error={rangeError}
          onChange={(event) => refilter(setTo)(event.currentTarget.value)}
        />
        <Button variant="default" onClick={resetFilters} disabled={!filtered && !search}>
          Reset Filters
        </Button>
        <Button component="a" variant="default" href={exportHref(filter)} download>
          {F.exportCsv}
        </Button>
      </Group>
      {selectedOrders.length > 0 ? (
        <Group gap="sm" data-testid="bulk-bar">
          <Text fw={600}>{F.bulkSelected(selectedOrders.length)}</Text>
          <Button size="xs" loading={bulk.isPending} onClick={() => moveSelected('processing')}>
            {F.bulkMoveTo(ORDER_STATUS_LABELS.processing)}
          </Button>
          <Button size="xs" disabled={bulk.isPending} onClick={() => setShipping(selectedOrders)}>
            {F.bulkMoveTo(ORDER_STATUS_LABELS.shipped)}
          </Button>
        </Group>
      ) : null}
      {bulkFailures.length > 0 ? (
        <Stack gap={2} role="status">
          {bulkFailures.map((failure) => (
            <Text key={failure.id} size="sm" c="red">
              #{failure.id}: {failure.message}
            </Text>
          ))}
        </Stack>
      ) : null}
      {body}
      {orders.data && orders.data.total > 0 ? (
        <Group justify="flex-end">
          <PageButtons
            page={page}
            pages={pages}
            total={orders.data.total}
            totalExact={orders.data.totalExact}
            onChange={(wanted) => {
              if (wanted > page) {
                if (nextCursor) cursorPages.next(nextCursor);
              } else cursorPages.previous();
              setSelected(new Set());
            }}
          />
        </Group>
      ) : null}
      <OrderDialog
        order={viewing}
        onClose={() => setViewing(null)}
        onUpdated={(updated) => {
          setViewing(updated);
          void refresh();
        }}
        onPackingSlip={(id) => setSlipOf(id)}
      />
      {slipOf !== null ? (
        <Suspense fallback={null}>
          <PackingSlip orderId={slipOf} onClose={() => setSlipOf(null)} />
        </Suspense>
      ) : null}
      <CancelOrderDialog
        order={toCancel}
        onClose={() => setToCancel(null)}
        onCanceled={(updated) => {
          setToCancel(null);
          if (viewing?.id === updated.id) setViewing(updated);
          void refresh();
        }}
        onFailed={() => {
          setToCancel(null);
          // Someone may have moved the order meanwhile: show it as it is now.
          void refresh();
        }}
      />
      <BulkShipDialog
        orders={shipping}
        loading={bulk.isPending}
        onClose={() => setShipping(null)}
        onShip={(trackingNumbers) => moveSelected('shipped', trackingNumbers)}
      />
    </Stack>
  );
}
