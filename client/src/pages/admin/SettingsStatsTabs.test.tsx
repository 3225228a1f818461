import type { AdminStats, ShopStats, SiteSettings } from '@curbside/shared';
import { SITE_SETTINGS_DEFAULTS } from '@curbside/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderApp } from '../../test/render';
import { ProcedureError } from '../../test/trpc-fake';

const admin = makeUser({ role: 'admin', username: 'boss' });

describe('Site Settings tab', () => {
  it('sends all five fields with the launch date as YYYY-MM-DD, shows Saving..., and turns the preview banner on', async () => {
    let release: (value: SiteSettings) => void = () => {};
    const { calls, userEvent: user } = renderApp({
      path: '/admin?tab=site-settings',
      user: admin,
      handlers: {
        'admin.settings.update': (input) =>
          new Promise<SiteSettings>((resolve) => {
            release = () => resolve(input);
          }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Site settings' });
    const f = within(form);
    await user.click(f.getByRole('switch', { name: /Coming Soon Mode/ }));
    await user.clear(f.getByRole('textbox', { name: 'Coming Soon Message' }));
    await user.type(f.getByRole('textbox', { name: 'Coming Soon Message' }), 'Doors open soon.');
    await user.type(f.getByLabelText(/Launch Date/), '2027-03-05');
    await user.click(f.getByRole('button', { name: 'Save Settings' }));

    await f.findByRole('button', { name: 'Saving...' });
    expect(calls.find((c) => c.path === 'admin.settings.update')?.input).toEqual({
      maintenanceMode: false,
      comingSoonMode: true,
      maintenanceMessage: SITE_SETTINGS_DEFAULTS.maintenanceMessage,
      comingSoonMessage: 'Doors open soon.',
      launchDate: '2027-03-05',
    });
    release({} as SiteSettings);
    await screen.findByText('Success!');
    await screen.findByText('Coming Soon Mode - Admin Preview');
    expect(f.getByRole('button', { name: 'Save Settings' })).toBeTruthy();
  });

  it('sends an empty launch date as null and shows a refusal from the server', async () => {
    const { calls, userEvent: user } = renderApp({
      path: '/admin?tab=site-settings',
      user: admin,
      settings: { launchDate: '2027-01-01' },
      handlers: {
        'admin.settings.update': () => {
          throw new ProcedureError('BAD_REQUEST', 'maintenanceMessage: Too long');
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Site settings' });
    await user.clear(within(form).getByLabelText(/Launch Date/));
    await user.click(within(form).getByRole('button', { name: 'Save Settings' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'admin.settings.update')?.input).toMatchObject({ launchDate: null }),
    );
    await screen.findByText('maintenanceMessage: Too long');
  });
});

describe('Statistics tab', () => {
  const MONTHS = [
    '2025-12',
    '2026-01',
    '2026-02',
    '2026-03',
    '2026-04',
    '2026-05',
    '2026-06',
    '2026-07',
    '2026-08',
    '2026-09',
    '2026-10',
    '2026-11',
  ];
  const emptyShop = (): ShopStats => ({
    months: MONTHS.map((month) => ({
      month,
      orders: 0,
      revenue: 0,
      averageOrderValue: 0,
      refunds: 0,
      refundedAmount: 0,
    })),
    totals: { orders: 0, revenue: 0, averageOrderValue: 0, refunds: 0, refundedAmount: 0 },
    byKind: { print: { quantity: 0, revenue: 0 }, merch: { quantity: 0, revenue: 0 } },
    bestSellers: { byQuantity: [], byRevenue: [] },
    cancellations: { canceled: 0, refunded: 0, partiallyRefunded: 0, notRefunded: 0, refundFailed: 0 },
  });
  const stats = (overrides: Partial<AdminStats> = {}): AdminStats => ({
    totalCars: 1234,
    featuredCars: 5,
    totalVotes: 98765,
    categories: [
      { category: 'JDM', count: 8 },
      { category: null, count: 2 },
    ],
    shop: emptyShop(),
    ...overrides,
  });

  it('shows the three counters and a bar per category, no category as Uncategorized', async () => {
    renderApp({ path: '/admin?tab=statistics', user: admin, handlers: { 'admin.stats.overview': () => stats() } });
    expect((await screen.findByTestId('stat-totalCars')).textContent).toBe('1,234');
    expect(screen.getByTestId('stat-featuredCars').textContent).toBe('5');
    expect(screen.getByTestId('stat-totalVotes').textContent).toBe('98,765');
    const bars = screen.getAllByTestId('category-bar');
    expect(bars.map((bar) => bar.textContent)).toEqual(['JDM8 (80%)', 'Uncategorized2 (20%)']);
  });

  it("says 'No category data available.' when there are no cars", async () => {
    renderApp({
      path: '/admin?tab=statistics',
      user: admin,
      handlers: { 'admin.stats.overview': () => stats({ totalCars: 0, categories: [] }) },
    });
    await screen.findByText('No category data available.');
  });

  it("shows the shop's months as a chart and a table, the best sellers and the refunds", async () => {
    const shop = emptyShop();
    shop.months[10] = {
      month: '2026-10',
      orders: 2,
      revenue: 825000,
      averageOrderValue: 412500,
      refunds: 1,
      refundedAmount: 1000,
    };
    shop.months[11] = {
      month: '2026-11',
      orders: 1,
      revenue: 7430,
      averageOrderValue: 7430,
      refunds: 1,
      refundedAmount: 17000,
    };
    shop.totals = { orders: 3, revenue: 832430, averageOrderValue: 277477, refunds: 2, refundedAmount: 18000 };
    const tee = { productId: 3, name: 'Curbside Tee', kind: 'merch', quantity: 4, revenue: 12000 } as const;
    const poster = { productId: 2, name: 'Poster Print 12x18', kind: 'print', quantity: 3, revenue: 15000 } as const;
    shop.bestSellers = { byQuantity: [tee, poster], byRevenue: [poster, tee] };
    shop.byKind = { print: { quantity: 3, revenue: 15000 }, merch: { quantity: 4, revenue: 12000 } };
    shop.cancellations = { canceled: 2, refunded: 1, partiallyRefunded: 0, notRefunded: 0, refundFailed: 1 };
    renderApp({
      path: '/admin?tab=statistics',
      user: admin,
      handlers: { 'admin.stats.overview': () => stats({ shop }) },
    });

    expect((await screen.findByTestId('shop-revenue')).textContent).toBe('$8,324.30');
    expect(screen.getByTestId('shop-orders').textContent).toBe('3');
    expect(screen.getByTestId('shop-averageOrderValue').textContent).toBe('$2,774.77');
    expect(screen.getByTestId('shop-refunds').textContent).toBe('$180.00');

    // The chart: twelve columns, oldest first, each read out with its year, revenue and orders.
    const bars = screen.getAllByTestId('month-bar');
    expect(bars).toHaveLength(12);
    expect(bars[0]?.textContent).toBe('Dec 2025: $0.00, 0 orders');
    expect(bars[10]?.textContent).toBe('Oct 2026: $8,250.00, 2 orders');
    const heights = bars.map((bar) => (bar.querySelector('[aria-hidden] > span') as HTMLElement).style.height);
    expect(heights[10]).toBe('100%');
    expect(heights[11]).toBe('2%'); // a month with sales stays visible beside a far bigger one
    expect(heights[0]).toBe('0px');

    // The table: newest first, then the twelve months added up.
    const rows = screen.getAllByTestId('month-row').map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual(['Nov 2026', '1', '$74.30', '$74.30', '$170.00' + '1 order']);
    expect(rows[1]).toEqual(['Oct 2026', '2', '$8,250.00', '$4,125.00', '$10.00' + '1 order']);
    expect(rows[11]).toEqual(['Dec 2025', '0', '$0.00', '$0.00', '–']);
    expect([...screen.getByTestId('month-total').children].map((cell) => cell.textContent)).toEqual([
      '12 months',
      '3',
      '$8,324.30',
      '$2,774.77',
      '$180.00' + '2 orders',
    ]);

    const ranking = (testId: string) =>
      within(screen.getByTestId(testId))
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(ranking('best-by-units')).toEqual([
      ['Curbside Tee Merch', '4', '$120.00'],
      ['Poster Print 12x18 Print', '3', '$150.00'],
    ]);
    expect(ranking('best-by-revenue').map((row) => row[0])).toEqual(['Poster Print 12x18 Print', 'Curbside Tee Merch']);
    expect(screen.getByTestId('shop-kind-print').textContent).toContain('3 units · $150.00');
    expect(screen.getByTestId('shop-kind-merch').textContent).toContain('4 units · $120.00');
    expect(screen.getByTestId('shop-cancellations').textContent).toContain('1 refund failed');
  });

  it('says there were no sales when the shop sold nothing', async () => {
    renderApp({ path: '/admin?tab=statistics', user: admin, handlers: { 'admin.stats.overview': () => stats() } });
    expect(await screen.findAllByText('No sales in the last 12 months.')).toHaveLength(2);
    expect(screen.getByTestId('shop-revenue').textContent).toBe('$0.00');
    expect(screen.getAllByTestId('month-bar')).toHaveLength(12);
  });
});
