import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentAddress, makeUser, renderApp } from '../../test/render';
import { makeCar } from '../upload/test-car';

const admin = makeUser({ role: 'admin', username: 'boss' });
const handlers = {
  'cars.page': () => ({ items: [makeCar()], nextCursor: null }),
  'admin.orders.search': () => ({ orders: [], total: 0, totalExact: true, page: 1, pageSize: 25, nextCursor: null }),
};

describe('admin dashboard shell', () => {
  it('shows the eight tabs of the spec in order, API Tokens, then the trust and safety group, with Manage Cars open, and loads only that tab', async () => {
    const { calls } = renderApp({ path: '/admin', user: admin, handlers });
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Manage Cars',
      'Submissions',
      'Products',
      'Order Management',
      'Events',
      'Advertisements',
      'Statistics',
      'Site Settings',
      'API Tokens',
      'Review',
      'Users',
      'Fair Votes',
    ]);
    expect(screen.getByRole('tab', { name: 'Manage Cars' }).getAttribute('aria-selected')).toBe('true');
    await screen.findByText('1993 Mazda RX-7');
    expect(calls.some((c) => c.path.startsWith('admin.orders') || c.path.startsWith('products'))).toBe(false);
  });

  it('keeps the tab in the address: switching, reloading on it and going back', async () => {
    const { calls, userEvent: user } = renderApp({ path: '/admin', user: admin, handlers });
    await user.click(await screen.findByRole('tab', { name: 'Order Management' }));
    expect(currentAddress()).toBe('/admin?tab=orders');
    await screen.findByText('No orders found in the database.');
    expect(calls.some((c) => c.path === 'admin.orders.search')).toBe(true);
    // The cars table is unmounted while another tab is open.
    expect(screen.queryByText('1993 Mazda RX-7')).toBeNull();

    act(() => window.history.back());
    await waitFor(() => expect(currentAddress()).toBe('/admin'));
    await screen.findByText('1993 Mazda RX-7');
    expect(screen.getByRole('tab', { name: 'Manage Cars' }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens the tab named in the address', async () => {
    renderApp({ path: '/admin?tab=orders', user: admin, handlers });
    await screen.findByText('No orders found in the database.');
    expect(screen.getByRole('tab', { name: 'Order Management' }).getAttribute('aria-selected')).toBe('true');
  });

  it('falls back to Manage Cars for an unknown tab', async () => {
    renderApp({ path: '/admin?tab=nope', user: admin, handlers });
    await screen.findByText('1993 Mazda RX-7');
    expect(screen.getByRole('tab', { name: 'Manage Cars' }).getAttribute('aria-selected')).toBe('true');
  });
});
