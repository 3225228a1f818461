import type { AdminOrder, AdminOrderPage } from '@curbside/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { assert, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, setViewport } from '../../test/render';
import { type Handlers, ProcedureError } from '../../test/trpc-fake';
import { makeAdminOrder, makeAdminOrderDetail } from './test-fixtures';

const admin = makeUser({ role: 'admin', username: 'boss' });

function renderOrders(handlers: Handlers) {
  return renderApp({ path: '/admin?tab=orders', user: admin, handlers });
}

const pageOf = (
  orders: AdminOrder[],
  total = orders.length,
  page = 1,
  nextCursor: string | null = null,
  totalExact = true,
): AdminOrderPage => ({ orders, total, totalExact, page, pageSize: 25, nextCursor });

/** A fake order store: search (status filter only), one order with history, and the changes, responding as the server. */
function orderServer(initial: AdminOrder[]) {
  let orders = initial;
  const find = (id: number) => {
    const order = orders.find((o) => o.id === id);
    if (!order) throw new ProcedureError('NOT_FOUND', 'Order not found');
    return order;
  };
  const replace = (changed: AdminOrder) => {
    orders = orders.map((o) => (o.id === changed.id ? changed : o));
    return changed;
  };
  return {
    'admin.orders.search': (input) => pageOf(input.status ? orders.filter((o) => o.status === input.status) : orders),
    'admin.orders.get': (input) => makeAdminOrderDetail(find(Number(input.id))),
    'admin.orders.updateStatus': (change) => {
      const order = find(Number(change.id));
      return replace({
        ...order,
        status: change.status,
        trackingNumber: change.trackingNumber || order.trackingNumber,
        notes: change.notes === undefined ? order.notes : change.notes || null,
      });
    },
    'admin.orders.setInternalNote': (input) =>
      replace({ ...find(Number(input.id)), internalNote: input.internalNote?.trim() || null }),
    'admin.orders.cancel': (input) => {
      const order = find(Number(input.id));
      const refund = input.refund;
      const amount = refund.kind === 'full' ? order.total : refund.kind === 'partial' ? refund.amount : 0;
      return replace({
        ...order,
        status: 'canceled',
        refundedAmount: amount,
        paymentState: amount === 0 ? 'not_refunded' : amount < order.total ? 'partially_refunded' : 'refunded',
      });
    },
  } satisfies Handlers;
}

type User = ReturnType<typeof renderApp>['userEvent'];

async function chooseFilter(user: User, label: string) {
  await user.click(screen.getByRole('combobox', { name: 'Filter by status' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

const searchCalls = (calls: { path: string; input: unknown }[]) =>
  calls.filter((c) => c.path === 'admin.orders.search').map((c) => c.input as Record<string, unknown>);

async function openOrder(user: User, index = 0) {
  const rows = await screen.findAllByTestId('order-row');
  await user.click(within(rows[index] as HTMLElement).getByRole('button', { name: 'View' }));
  return within(await screen.findByRole('dialog', { name: /^Order #/ }));
}

describe('Order Management: the list', () => {
  it('lists orders with customer, date, items, ship-to state, status, payment and total', async () => {
    const { calls } = renderOrders(
      orderServer([
        makeAdminOrder(),
        makeAdminOrder({
          id: 42,
          customer: { name: null, username: 'revhead', email: 'rev@example.com' },
          total: 1250,
          paymentState: 'partially_refunded',
          status: 'canceled',
        }),
      ]),
    );
    const rows = await screen.findAllByTestId('order-row');
    expect(searchCalls(calls)[0]).toMatchObject({ page: 1, pageSize: 25 });
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('#41')).toBeTruthy();
    expect(first.getByText('Dana')).toBeTruthy();
    expect(first.getByText('dana@example.com')).toBeTruthy();
    expect(first.getByText('Pending')).toBeTruthy();
    expect(first.getByText('Paid')).toBeTruthy();
    expect(first.getByText('3')).toBeTruthy();
    expect(first.getByText('CA')).toBeTruthy();
    expect(first.getByText('$68.97')).toBeTruthy();
    // In Central time, as the date filters read it: 18:00 UTC is noon CST.
    expect(first.getByText('11/20/2026, 12:00 PM CST')).toBeTruthy();
    const second = within(rows[1] as HTMLElement);
    expect(second.getByText('revhead')).toBeTruthy();
    expect(second.getByText('Partly refunded')).toBeTruthy();
    expect(second.getByText('$12.50')).toBeTruthy();
  });

  it('searches by text, status and Central dates on the server, with the empty texts and Reset Filters', async () => {
    const { calls, userEvent: user } = renderOrders(orderServer([makeAdminOrder({ status: 'pending' })]));
    await screen.findByTestId('order-row');

    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'dana@');
    await waitFor(() => expect(searchCalls(calls).at(-1)).toMatchObject({ q: 'dana@', page: 1 }));

    await chooseFilter(user, 'Shipped');
    await screen.findByText('No orders match your filter criteria.');
    expect(searchCalls(calls).at(-1)).toMatchObject({ q: 'dana@', status: 'shipped' });

    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    await screen.findByTestId('order-row');
    expect((screen.getByRole('combobox', { name: 'Filter by status' }) as HTMLInputElement).value).toBe('All Orders');
    expect((screen.getByRole('searchbox', { name: 'Search orders' }) as HTMLInputElement).value).toBe('');
  });

  it('filters by Central dates, and asks for no orders while the range is backwards', async () => {
    const { calls, userEvent: user } = renderOrders(orderServer([makeAdminOrder()]));
    await screen.findByTestId('order-row');
    const from = screen.getByLabelText('From (Central)');
    const to = screen.getByLabelText('To (Central)');
    await user.type(from, '2026-11-20');
    await user.type(to, '2026-11-01');
    await screen.findByText('The end date must not be before the start date');
    await user.clear(to);
    await user.type(to, '2026-11-21');
    await waitFor(() => expect(searchCalls(calls).at(-1)).toMatchObject({ from: '2026-11-20', to: '2026-11-21' }));
    // The backwards range was never asked for.
    expect(searchCalls(calls).some((input) => input.to === '2026-11-01')).toBe(false);
  });

  it('says "1,000+" when more orders match than the search counts', async () => {
    renderOrders({
      'admin.orders.search': () => pageOf([makeAdminOrder({ id: 999 })], 1000, 1, 'after1', false),
    });
    await screen.findByText('Page 1 of 40+ · 1,000+ orders');
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('pages through more orders than one page holds, each page by the cursor of the one before', async () => {
    const { calls, userEvent: user } = renderOrders({
      'admin.orders.search': (input) => {
        const page = input.cursor ? Number(input.cursor.slice(5)) + 1 : 1;
        return pageOf([makeAdminOrder({ id: 1000 - page })], 60, page, page < 3 ? `after${page}` : null);
      },
    });
    await screen.findByText('Page 1 of 3 · 60 orders');
    expect(within(screen.getByTestId('order-row')).getByText('#999')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 2 of 3 · 60 orders');
    await waitFor(() => expect(within(screen.getByTestId('order-row')).getByText('#998')).toBeTruthy());
    expect(searchCalls(calls).at(-1)).toMatchObject({ page: 2, cursor: 'after1' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(screen.getByTestId('order-row')).getByText('#997')).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(within(screen.getByTestId('order-row')).getByText('#998')).toBeTruthy());
  });

  it('says it is loading, then that there are no orders at all', async () => {
    let respond!: (page: AdminOrderPage) => void;
    renderOrders({ 'admin.orders.search': () => new Promise((resolve) => (respond = resolve)) });
    await screen.findByText('Loading orders...');
    respond(pageOf([]));
    await screen.findByText('No orders found in the database.');
    expect(screen.queryByText('Loading orders...')).toBeNull();
  });

  it('says when the orders cannot be loaded', async () => {
    renderOrders({
      'admin.orders.search': () => {
        throw new ProcedureError('INTERNAL_SERVER_ERROR', 'boom');
      },
    });
    await screen.findByText('Failed to fetch orders');
  });

  it('exports what the filters match as CSV from the server', async () => {
    const { userEvent: user } = renderOrders(orderServer([makeAdminOrder()]));
    await screen.findByTestId('order-row');
    const link = () => screen.getByRole('link', { name: 'Export CSV' });
    expect(link().getAttribute('href')).toBe('/api/orders/export.csv');
    await chooseFilter(user, 'Pending');
    await user.type(screen.getByLabelText('From (Central)'), '2026-11-01');
    await waitFor(() =>
      expect(link().getAttribute('href')).toBe('/api/orders/export.csv?status=pending&from=2026-11-01'),
    );
    expect(link().hasAttribute('download')).toBe(true);
  });

  it('shows a card per order on a phone, with status and actions', async () => {
    setViewport(390);
    const { userEvent: user } = renderOrders(
      orderServer([makeAdminOrder(), makeAdminOrder({ id: 42, status: 'delivered' })]),
    );
    const cards = await screen.findAllByTestId('order-card');
    expect(screen.queryByRole('table')).toBeNull();
    const first = within(cards[0] as HTMLElement);
    expect(first.getByText('#41')).toBeTruthy();
    expect(first.getByText('Pending')).toBeTruthy();
    expect(first.getByText('$68.97')).toBeTruthy();
    expect(
      (within(cards[1] as HTMLElement).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(first.getByRole('button', { name: 'View' }));
    await screen.findByRole('dialog', { name: 'Order #41' });
  });
});

describe('Order Management: moving several orders', () => {
  it('moves the selected orders to Processing and says which did not move and why', async () => {
    const { calls, userEvent: user } = renderOrders({
      'admin.orders.search': () =>
        pageOf([makeAdminOrder({ id: 41 }), makeAdminOrder({ id: 42 }), makeAdminOrder({ id: 43 })]),
      'admin.orders.bulkStatus': (input) => ({
        results: input.orders.map((o) =>
          o.id === 43
            ? { id: o.id, ok: false as const, message: 'A canceled order cannot be moved to processing' }
            : { id: o.id, ok: true as const, status: 'processing' as const },
        ),
      }),
    });
    await screen.findAllByTestId('order-row');
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select order #41' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order #43' }));
    await screen.findByText('2 selected');
    await user.click(screen.getByRole('button', { name: 'Move to Processing' }));
    await screen.findByText('1 updated, 1 not changed');
    expect(calls.find((c) => c.path === 'admin.orders.bulkStatus')?.input).toEqual({
      status: 'processing',
      orders: [{ id: 41 }, { id: 43 }],
    });
    expect(screen.getByRole('status').textContent).toContain('#43: A canceled order cannot be moved to processing');
  });

  it('ships the selected orders with a tracking number each', async () => {
    const { calls, userEvent: user } = renderOrders({
      'admin.orders.search': () =>
        pageOf([makeAdminOrder({ id: 41 }), makeAdminOrder({ id: 42, trackingNumber: 'OLD-1' })]),
      'admin.orders.bulkStatus': (input) => ({
        results: input.orders.map((o) => ({ id: o.id, ok: true as const, status: 'shipped' as const })),
      }),
    });
    await screen.findAllByTestId('order-row');
    await user.click(screen.getByRole('checkbox', { name: 'Select all orders on this page' }));
    await user.click(screen.getByRole('button', { name: 'Move to Shipped' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Tracking numbers' }));
    expect((dialog.getByLabelText('Tracking number for #42') as HTMLInputElement).value).toBe('OLD-1');
    await user.type(dialog.getByLabelText('Tracking number for #41'), '1Z41');
    await user.click(dialog.getByRole('button', { name: 'Move to Shipped' }));
    await screen.findByText('2 orders updated');
    expect(calls.find((c) => c.path === 'admin.orders.bulkStatus')?.input).toEqual({
      status: 'shipped',
      orders: [
        { id: 41, trackingNumber: '1Z41' },
        { id: 42, trackingNumber: 'OLD-1' },
      ],
    });
  });
});

describe('Order Management: one order', () => {
  it('shows the details and moves the order on with Update Status', async () => {
    const { calls, userEvent: user } = renderOrders(orderServer([makeAdminOrder({ notes: 'Gift wrap' })]));
    const d = await openOrder(user);
    expect(d.getByText('Dana')).toBeTruthy();
    expect(d.getByText('San Francisco, CA 94105, US')).toBeTruthy();
    expect(d.getByText('2 × Poster Print 12x18')).toBeTruthy();
    expect(d.getByTestId('order-subtotal').textContent).toBe('$54.98');
    expect(d.getByTestId('order-total').textContent).toBe('$68.97');
    expect((d.getByRole('textbox', { name: /^Message to the customer/ }) as HTMLTextAreaElement).value).toBe(
      'Gift wrap',
    );

    const update = d.getByRole('button', { name: 'Update Status' }) as HTMLButtonElement;
    expect(update.disabled).toBe(true);
    await user.click(d.getByRole('combobox', { name: 'Change status' }));
    await user.click(await screen.findByRole('option', { name: 'Processing' }));
    expect(update.disabled).toBe(false);
    await user.click(update);
    await screen.findByText('Success!');
    expect(calls.find((c) => c.path === 'admin.orders.updateStatus')?.input).toMatchObject({
      id: 41,
      status: 'processing',
      notes: 'Gift wrap',
    });
    await d.findByText('Processing', { selector: '.mantine-Badge-label' });
    await waitFor(() => expect(within(screen.getByTestId('order-row')).getByText('Processing')).toBeTruthy());
  });

  it("shows each print's photo, its pixels, a warning when too small for the print, and the download", async () => {
    const large = makeAdminOrder({ id: 42 });
    const poster = large.items[0];
    assert(poster);
    large.items[0] = {
      ...poster,
      photo: poster.photo && { ...poster.photo, width: 3000, height: 2000, largeEnough: true },
    };
    const { userEvent: user } = renderOrders(orderServer([makeAdminOrder(), large]));
    let d = await openOrder(user, 0);
    const photo = within(d.getByTestId('print-photo'));
    expect(photo.getByRole('img', { name: 'Nissan Skyline GT-R for Poster Print 12x18' }).getAttribute('src')).toBe(
      '/api/file/cars/3/photo.w400.webp',
    );
    expect(photo.getByText('1200 × 800 px')).toBeTruthy();
    expect(photo.getByRole('alert').textContent).toBe('Too small for this print: 1800 × 2700 px are needed at 150 dpi');
    const download = photo.getByRole('link', { name: 'Download original' });
    expect(download.getAttribute('href')).toBe('/api/orders/41/items/1/original');
    expect(download.hasAttribute('download')).toBe(true);
    // The sticker is merchandise: no photo.
    expect(d.getAllByTestId('print-photo')).toHaveLength(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    d = await openOrder(user, 1);
    expect(within(d.getByTestId('print-photo')).queryByRole('alert')).toBeNull();
    expect(d.getByText('Large enough (1800 × 2700 px needed at 150 dpi)')).toBeTruthy();
  });

  it('shows the status history: when, from what to what, and by whom', async () => {
    const { userEvent: user } = renderOrders(orderServer([makeAdminOrder()]));
    const d = await openOrder(user);
    const history = within(await d.findByRole('list', { name: 'Status history' }));
    const entries = await history.findAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]?.textContent).toMatch(/Pending by the system/);
    expect(entries[0]?.textContent).toContain('Paid (test pi_1)');
    expect(entries[1]?.textContent).toMatch(/Pending → Processing by boss/);
  });

  it('keeps the internal note apart from the message to the customer, each labelled', async () => {
    const { calls, userEvent: user } = renderOrders(orderServer([makeAdminOrder()]));
    const d = await openOrder(user);
    expect(d.getByText('Shown on the customer’s order page.')).toBeTruthy();
    expect(d.getByText('Admins only; never shown to the customer.')).toBeTruthy();
    await user.type(d.getByRole('textbox', { name: /^Internal note/ }), 'Packed by Sam');
    await user.click(d.getByRole('button', { name: 'Save internal note' }));
    await screen.findByText('Internal note saved');
    expect(calls.find((c) => c.path === 'admin.orders.setInternalNote')?.input).toEqual({
      id: 41,
      internalNote: 'Packed by Sam',
    });
    // Not sent as the customer's message.
    expect(calls.some((c) => c.path === 'admin.orders.updateStatus')).toBe(false);
    expect((d.getByRole('textbox', { name: /^Message to the customer/ }) as HTMLTextAreaElement).value).toBe('');
  });

  it('needs a tracking number to ship, and offers no way back from delivered', async () => {
    const { calls, userEvent: user } = renderOrders(
      orderServer([makeAdminOrder({ status: 'processing' }), makeAdminOrder({ id: 50, status: 'delivered' })]),
    );
    let dialog = await openOrder(user, 0);
    await user.click(dialog.getByRole('combobox', { name: 'Change status' }));
    await user.click(await screen.findByRole('option', { name: 'Shipped' }));
    await user.click(dialog.getByRole('button', { name: 'Update Status' }));
    await dialog.findByText('Please enter a tracking number to mark the order as shipped');
    expect(calls.some((c) => c.path === 'admin.orders.updateStatus')).toBe(false);

    await user.type(dialog.getByRole('textbox', { name: /^Tracking number/ }), '1Z999');
    await user.click(dialog.getByRole('button', { name: 'Update Status' }));
    await screen.findByText('Success!');
    expect(calls.find((c) => c.path === 'admin.orders.updateStatus')?.input).toMatchObject({
      id: 41,
      status: 'shipped',
      trackingNumber: '1Z999',
    });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openOrder(user, 1);
    await user.click(dialog.getByRole('combobox', { name: 'Change status' }));
    expect((await screen.findByRole('option', { name: 'Pending' })).getAttribute('aria-disabled')).toBe('true');
    expect((dialog.getByRole('button', { name: 'Update Status' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server refusal in the dialog', async () => {
    const { userEvent: user } = renderOrders({
      ...orderServer([makeAdminOrder()]),
      'admin.orders.updateStatus': () => {
        throw new ProcedureError('CONFLICT', 'This order was changed by someone else. Please reload it and try again.');
      },
    });
    const dialog = await openOrder(user);
    await user.click(dialog.getByRole('combobox', { name: 'Change status' }));
    await user.click(await screen.findByRole('option', { name: 'Processing' }));
    await user.click(dialog.getByRole('button', { name: 'Update Status' }));
    expect(
      await dialog.findByText('This order was changed by someone else. Please reload it and try again.'),
    ).toBeTruthy();
    await screen.findByText('Update failed');
  });

  it('prints a packing slip: shop and return address, order, ship-to, each line with photo and quantity, totals', async () => {
    // happy-dom has no window.print.
    const print = vi.fn();
    Object.defineProperty(window, 'print', { value: print, configurable: true });
    const { userEvent: user } = renderOrders(orderServer([makeAdminOrder()]));
    const row = within(await screen.findByTestId('order-row'));
    await user.click(row.getByRole('button', { name: 'Packing slip' }));
    const slip = within(await screen.findByTestId('packing-slip'));
    expect(slip.getByRole('heading', { name: 'Order #41' })).toBeTruthy();
    // Who it comes from and where a parcel goes back to.
    const shop = within(slip.getByTestId('slip-shop'));
    expect(shop.getByRole('heading', { name: 'Curbside' })).toBeTruthy();
    expect(shop.getByText('Return address')).toBeTruthy();
    expect(shop.getByText('Dallas, TX 75201')).toBeTruthy();
    expect(slip.getByText('11/20/2026, 12:00 PM CST')).toBeTruthy();
    expect(slip.getByText('San Francisco, CA 94105, US')).toBeTruthy();
    const lines = slip.getAllByTestId('slip-line');
    expect(lines).toHaveLength(2);
    const poster = within(lines[0] as HTMLElement);
    expect(poster.getByText('Poster Print 12x18')).toBeTruthy();
    expect(poster.getByText('2')).toBeTruthy();
    expect(poster.getByRole('img').getAttribute('src')).toBe('/api/file/cars/3/photo.w400.webp');
    expect(slip.getByTestId('order-subtotal').textContent).toBe('$54.98');
    expect(slip.getByTestId('order-total').textContent).toBe('$68.97');
    await user.click(slip.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    Reflect.deleteProperty(window, 'print');
  });
});

describe('Order Management: cancelling', () => {
  it('says the cancel refunds, lets the admin choose no refund, and is disabled for delivered and canceled', async () => {
    const { calls, userEvent: user } = renderOrders(
      orderServer([
        makeAdminOrder({ id: 41, status: 'shipped', trackingNumber: 'T1' }),
        makeAdminOrder({ id: 50, status: 'delivered' }),
        makeAdminOrder({ id: 51, status: 'canceled' }),
      ]),
    );
    const rows = await screen.findAllByTestId('order-row');
    const cancelOf = (row: Element | undefined) =>
      within(row as HTMLElement).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement;
    expect(cancelOf(rows[1]).disabled).toBe(true);
    expect(cancelOf(rows[2]).disabled).toBe(true);

    await user.click(cancelOf(rows[0]));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel order' }));
    expect(dialog.getByText('Are you sure you want to cancel order #41? This action cannot be undone.')).toBeTruthy();
    expect(dialog.getByText('The customer paid $68.97. Cancelling can refund it: choose how much.')).toBeTruthy();
    const refund = dialog.getByRole('combobox', { name: 'Refund' }) as HTMLInputElement;
    expect(refund.value).toBe('Refund everything ($68.97)');
    await user.click(refund);
    await user.click(await screen.findByRole('option', { name: 'No refund' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel Order' }));
    await screen.findByText('Success!');
    expect(calls.find((c) => c.path === 'admin.orders.cancel')?.input).toEqual({ id: 41, refund: { kind: 'none' } });
    await waitFor(() =>
      expect(within(screen.getAllByTestId('order-row')[0] as HTMLElement).getByText('Not refunded')).toBeTruthy(),
    );
    expect(cancelOf(screen.getAllByTestId('order-row')[0]).disabled).toBe(true);
  });

  it('refunds part of it, and will not send more than was paid', async () => {
    const { calls, userEvent: user } = renderOrders(orderServer([makeAdminOrder()]));
    await user.click(within(await screen.findByTestId('order-row')).getByRole('button', { name: 'Cancel' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel order' }));
    await user.click(dialog.getByRole('combobox', { name: 'Refund' }));
    await user.click(await screen.findByRole('option', { name: 'Refund part of it' }));
    await user.type(dialog.getByRole('textbox', { name: 'Amount to refund ($)' }), '70');
    await user.click(dialog.getByRole('button', { name: 'Cancel Order' }));
    await dialog.findByText('The refund cannot be more than the $68.97 paid');
    expect(calls.some((c) => c.path === 'admin.orders.cancel')).toBe(false);

    await user.clear(dialog.getByRole('textbox', { name: 'Amount to refund ($)' }));
    await user.type(dialog.getByRole('textbox', { name: 'Amount to refund ($)' }), '20.50');
    await user.click(dialog.getByRole('button', { name: 'Cancel Order' }));
    await screen.findByText('Success!');
    expect(calls.find((c) => c.path === 'admin.orders.cancel')?.input).toEqual({
      id: 41,
      refund: { kind: 'partial', amount: 2050 },
    });
  });
});
