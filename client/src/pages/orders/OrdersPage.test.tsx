import type { Order } from '@curbside/shared';
import { makeOrder } from '@curbside/shared/test-fixtures';
import { act, screen, waitFor, within } from '@testing-library/react';
import { assert, describe, expect, it } from 'vitest';
import { currentAddress, makeUser, renderApp } from '../../test/render';
import { ProcedureError } from '../../test/trpc-fake';

const ORDER = makeOrder({ status: 'shipped', trackingNumber: '1Z999' });

describe('My Orders', () => {
  it("says a paid order waiting to be printed is 'Paid · preparing', and counts one item as '1 item'", async () => {
    const [line] = makeOrder().items;
    assert(line);
    const paid = makeOrder({ status: 'pending', items: [{ ...line, quantity: 1 }] });
    renderApp({ path: '/user/orders', user: makeUser(), handlers: { 'orders.mine': () => [paid] } });
    const row = await screen.findByTestId('order-row');
    expect(within(row).getByText('Paid · preparing')).toBeTruthy();
    expect(within(row).getByText('1 item')).toBeTruthy();
    expect(within(row).queryByText(/pending/i)).toBeNull();
  });

  it('lists the orders under one Order History heading, with no tab bar and no Refresh button', async () => {
    renderApp({ path: '/user/orders', user: makeUser(), handlers: { 'orders.mine': () => [ORDER] } });
    await screen.findByTestId('order-row');
    expect(screen.getByRole('heading', { name: 'Order History', level: 2 })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
  });

  it('reads the list again when the visitor comes back to the tab', async () => {
    let orders: Order[] = [makeOrder({ status: 'pending' })];
    renderApp({ path: '/user/orders', user: makeUser(), handlers: { 'orders.mine': () => orders } });
    await screen.findByText('Paid · preparing');
    orders = [ORDER];
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await screen.findByText('Shipped');
  });

  it('lists orders with status, count and total, and opens the details', async () => {
    const { userEvent: user } = renderApp({
      path: '/user/orders',
      user: makeUser(),
      handlers: { 'orders.mine': () => [ORDER] },
    });
    const row = await screen.findByTestId('order-row');
    expect(within(row).getByText('Shipped')).toBeTruthy();
    expect(within(row).getByText('Order #41')).toBeTruthy();
    expect(within(row).getByText('3 items')).toBeTruthy();
    expect(within(row).getByText('$68.97')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('2 × Poster Print 12x18')).toBeTruthy();
    expect(within(dialog).getByText('Nissan Skyline GT-R · 12x18')).toBeTruthy();
    expect(within(dialog).getByText(/1Z999/)).toBeTruthy();
    expect(within(dialog).getByText('San Francisco, CA 94105, US')).toBeTruthy();
  });

  it('shows the empty state and the load error', async () => {
    renderApp({ path: '/user/orders', user: makeUser(), handlers: { 'orders.mine': () => [] } });
    await screen.findByText('No Orders Yet');
    expect(screen.getByText("You haven't placed any orders yet.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Shopping' }).getAttribute('href')).toBe('/gallery');
  });

  it('says when the orders cannot be loaded', async () => {
    renderApp({
      path: '/user/orders',
      user: makeUser(),
      handlers: {
        'orders.mine': () => {
          throw new ProcedureError('INTERNAL_SERVER_ERROR', 'boom');
        },
      },
    });
    await screen.findByText('Error loading orders. Please try again later.');
  });

  it('coming from order success, reads the list again and drops the query string', async () => {
    let orders: Order[] = [];
    renderApp({ path: '/user/orders', user: makeUser(), handlers: { 'orders.mine': () => orders } });
    await screen.findByText('No Orders Yet');

    // The order is placed; the success screen links here with ?fromOrderSuccess=true.
    orders = [ORDER];
    act(() => window.history.pushState(null, '', '/user/orders?fromOrderSuccess=true'));
    await screen.findByTestId('order-row');
    await waitFor(() => expect(currentAddress()).toBe('/user/orders'));
  });
});
