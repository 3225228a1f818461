import type { AdminStats, SiteSettings } from '@curbside/shared';
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
  const stats = (overrides: Partial<AdminStats> = {}): AdminStats => ({
    totalCars: 1234,
    featuredCars: 5,
    totalVotes: 98765,
    categories: [
      { category: 'JDM', count: 8 },
      { category: null, count: 2 },
    ],
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
});
