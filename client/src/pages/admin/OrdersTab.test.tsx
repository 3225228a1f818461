import type { Order } from '@curbside/shared';
import { makeOrder } from '@curbside/shared/test-fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderApp } from '../../test/render';
import { type Handlers, ProcedureError } from '../../test/trpc-fake';

const admin = makeUser({ role: 'admin', username: 'boss' });

function renderOrders(handlers: Handlers) {
  return renderApp({ path: '/admin?tab=orders', user: admin, handlers });
}

/** A fake order store: list (with the status filter) and updateStatus, which responds with the changed order. */
function orderServer(initial: Order[]) {
  let orders = initial;
  return {
    'admin.orders.list': (input) => (input.status ? orders.filter((o) => o.status === input.status) : orders),
    'admin.orders.updateStatus': (change) => {
      const order = orders.find((o) => o.id === change.id);
      if (!order) throw new ProcedureError('NOT_FOUND', 'Order not found');
      const changed = {
        ...order,
        status: change.status,
        trackingNumber: change.trackingNumber || order.trackingNumber,
      };
      orders = orders.map((o) => (o.id === change.id ? changed : o));
      return changed;
    },
  } satisfies Handlers;
}

type User = ReturnType<typeof renderApp>['userEvent'];

async function chooseFilter(user: User, label: string) {
  await user.click(screen.getByRole('combobox', { name: 'Filter by status' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

describe('Order Management', () => {
  it('lists orders with customer, date, status and total', async () => {
    const { calls } = renderOrders(
      orderServer([
        makeOrder(),
        makeOrder({ id: 42, customer: { name: null, username: 'revhead', email: 'rev@example.com' }, total: 1250 }),
      ]),
    );
    const rows = await screen.findAllByTestId('order-row');
    expect(calls.find((c) => c.path === 'admin.orders.list')?.input).toMatchObject({ limit: 100 });
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('#41')).toBeTruthy();
    expect(first.getByText('Dana')).toBeTruthy();
    expect(first.getByText('dana@example.com')).toBeTruthy();
    expect(first.getByText('Pending')).toBeTruthy();
    expect(first.getByText('$68.97')).toBeTruthy();
    expect(first.getByText(/Nov 20, 2026/)).toBeTruthy();
    // No name: the username.
    expect(within(rows[1] as HTMLElement).getByText('revhead')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('$12.50')).toBeTruthy();
  });

  it('filters by status on the server, with the empty texts and Reset Filters', async () => {
    const { calls, userEvent: user } = renderOrders(orderServer([makeOrder({ status: 'pending' })]));
    await screen.findByTestId('order-row');

    await chooseFilter(user, 'Shipped');
    await screen.findByText('No orders match your filter criteria.');
    expect(
      calls.some((c) => c.path === 'admin.orders.list' && (c.input as { status?: string }).status === 'shipped'),
    ).toBe(true);

    await chooseFilter(user, 'Pending');
    await screen.findByTestId('order-row');

    await chooseFilter(user, 'Delivered');
    await screen.findByText('No orders match your filter criteria.');
    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    await screen.findByTestId('order-row');
    expect((screen.getByRole('combobox', { name: 'Filter by status' }) as HTMLInputElement).value).toBe('All Orders');
  });

  it('says it is loading, then that there are no orders at all', async () => {
    let respond!: (orders: Order[]) => void;
    renderOrders({ 'admin.orders.list': () => new Promise((resolve) => (respond = resolve)) });
    await screen.findByText('Loading orders...');
    respond([]);
    await screen.findByText('No orders found in the database.');
    expect(screen.queryByText('Loading orders...')).toBeNull();
  });

  it('says when the orders cannot be loaded', async () => {
    renderOrders({
      'admin.orders.list': () => {
        throw new ProcedureError('INTERNAL_SERVER_ERROR', 'boom');
      },
    });
    await screen.findByText('Failed to fetch orders');
  });

  it('shows the details and moves the order on with Update Status', async () => {
    const { calls, userEvent: user } = renderOrders(orderServer([makeOrder({ notes: 'Gift wrap' })]));
    await user.click(within(await screen.findByTestId('order-row')).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #41' });
    const d = within(dialog);
    expect(d.getByText('Dana')).toBeTruthy();
    expect(d.getByText('San Francisco, CA 94105, US')).toBeTruthy();
    expect(d.getByText('2 × Poster Print 12x18')).toBeTruthy();
    expect(d.getByTestId('order-subtotal').textContent).toBe('$54.98');
    expect(d.getByTestId('order-shipping').textContent).toBe('$10.00');
    expect(d.getByTestId('order-tax').textContent).toBe('$3.99');
    expect(d.getByTestId('order-total').textContent).toBe('$68.97');
    expect((d.getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement).value).toBe('Gift wrap');

    // Nothing chosen: disabled. The current status: still disabled.
    const update = d.getByRole('button', { name: 'Update Status' }) as HTMLButtonElement;
    expect(update.disabled).toBe(true);
    await user.click(d.getByRole('combobox', { name: 'Change status' }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));
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
    // The dialog shows the new status, and so does the refreshed list.
    await d.findByText('Processing', { selector: '.mantine-Badge-label' });
    await waitFor(() => expect(within(screen.getByTestId('order-row')).getByText('Processing')).toBeTruthy());
  });

  it('needs a tracking number to ship, and offers no way back from delivered', async () => {
    const { calls, userEvent: user } = renderOrders(
      orderServer([makeOrder({ status: 'processing' }), makeOrder({ id: 50, status: 'delivered' })]),
    );
    const rows = await screen.findAllByTestId('order-row');
    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'View' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Order #41' }));
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

    await user.click(
      within(screen.getAllByTestId('order-row')[1] as HTMLElement).getByRole('button', { name: 'View' }),
    );
    dialog = within(await screen.findByRole('dialog', { name: 'Order #50' }));
    await user.click(dialog.getByRole('combobox', { name: 'Change status' }));
    const pending = await screen.findByRole('option', { name: 'Pending' });
    expect(pending.getAttribute('aria-disabled')).toBe('true');
    // Delivered stays possible (as the current status) but changes nothing: Update Status stays off.
    expect((await screen.findByRole('option', { name: 'Delivered' })).getAttribute('aria-disabled')).toBeNull();
    expect((dialog.getByRole('button', { name: 'Update Status' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server refusal in the dialog', async () => {
    const { userEvent: user } = renderOrders({
      'admin.orders.list': () => [makeOrder()],
      'admin.orders.updateStatus': () => {
        throw new ProcedureError('CONFLICT', 'This order was changed by someone else. Please reload it and try again.');
      },
    });
    await user.click(within(await screen.findByTestId('order-row')).getByRole('button', { name: 'View' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Order #41' }));
    await user.click(dialog.getByRole('combobox', { name: 'Change status' }));
    await user.click(await screen.findByRole('option', { name: 'Processing' }));
    await user.click(dialog.getByRole('button', { name: 'Update Status' }));
    expect(
      await dialog.findByText('This order was changed by someone else. Please reload it and try again.'),
    ).toBeTruthy();
    await screen.findByText('Update failed');
  });

  it('cancels after the confirmation; Cancel is disabled for delivered and canceled orders', async () => {
    const { calls, userEvent: user } = renderOrders(
      orderServer([
        makeOrder({ id: 41, status: 'processing' }),
        makeOrder({ id: 50, status: 'delivered' }),
        makeOrder({ id: 51, status: 'canceled' }),
      ]),
    );
    const rows = await screen.findAllByTestId('order-row');
    const cancelOf = (row: Element | undefined) =>
      within(row as HTMLElement).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement;
    expect(cancelOf(rows[0]).disabled).toBe(false);
    expect(cancelOf(rows[1]).disabled).toBe(true);
    expect(cancelOf(rows[2]).disabled).toBe(true);

    await user.click(cancelOf(rows[0]));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel order' }));
    expect(dialog.getByText('Are you sure you want to cancel order #41? This action cannot be undone.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'admin.orders.updateStatus')).toBe(false);
    const listCalls = calls.filter((c) => c.path === 'admin.orders.list').length;

    await user.click(dialog.getByRole('button', { name: 'Cancel Order' }));
    await screen.findByText('Success!');
    expect(calls.find((c) => c.path === 'admin.orders.updateStatus')?.input).toEqual({ id: 41, status: 'canceled' });
    await waitFor(() =>
      expect(within(screen.getAllByTestId('order-row')[0] as HTMLElement).getByText('Canceled')).toBeTruthy(),
    );
    expect(calls.filter((c) => c.path === 'admin.orders.list').length).toBeGreaterThan(listCalls);
    expect(cancelOf(screen.getAllByTestId('order-row')[0]).disabled).toBe(true);
  });
});
