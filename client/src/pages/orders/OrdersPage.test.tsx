import type { Order } from '@curbside/shared';
import { makeOrder } from '@curbside/shared/test-fixtures';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentAddress, makeUser, renderApp } from '../../test/render';
import { ProcedureError } from '../../test/trpc-fake';

const ORDER = makeOrder({ status: 'shipped', trackingNumber: '1Z999' });

describe('My Orders', () => {
  it('lists orders with status, count and total, and opens the details', async () => {
    const { userEvent: user } = renderApp({
      path: '/user/orders',
      user: makeUser(),
      handlers: { 'orders.mine': () => [ORDER] },
    });
    const row = await screen.findByTestId('order-row');
    expect(within(row).getByText('Shipped')).toBeTruthy();
    expect(within(row).getByText('Order #41')).toBeTruthy();
    expect(within(row).getByText('3 item(s)')).toBeTruthy();
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
