import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser, renderApp } from '../test/render';
import { makeCar } from './upload/test-car';

// The page is lazy-loaded: load its code once up front so the first test does not spend its wait on it.
beforeAll(async () => {
  await import('./ProfilePage');
}, 30_000);

describe('ProfilePage', () => {
  it('shows the header, the empty vehicles state and refuses a blank display name', async () => {
    const user = makeUser({ name: 'Drift King', bio: 'Sideways since 1999.', role: 'admin' });
    const { userEvent, calls } = renderApp({ path: '/user/profile', user, handlers: { 'cars.owned': () => [] } });
    await screen.findByRole('heading', { name: 'Drift King' });
    expect(screen.getByText('drifter@example.com')).toBeTruthy();
    expect(screen.getByText('admin')).toBeTruthy();
    expect(screen.getByText('Member since January 15, 2025')).toBeTruthy();
    expect(screen.getByTestId('profile-bio').textContent).toBe('Sideways since 1999.');
    await screen.findByText('No vehicles yet');
    expect(screen.getByRole('link', { name: 'Add Your First Vehicle' }).getAttribute('href')).toBe('/upload');

    const name = screen.getByLabelText('Display Name');
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save Name' }));
    await screen.findByText('Name Required');
    await waitFor(() => expect(calls.some((c) => c.path === 'profile.update')).toBe(false));
  });

  it('lists my vehicles with Edit and View Profile links', async () => {
    renderApp({
      path: '/user/profile',
      user: makeUser(),
      handlers: { 'cars.owned': () => [makeCar({ featured: true, totalVotes: 12, category: null })] },
    });
    const card = await screen.findByTestId('vehicle-card');
    expect(within(card).getByText('Mazda RX-7')).toBeTruthy();
    expect(within(card).getByText('Featured')).toBeTruthy();
    expect(within(card).getByText('1993 · Uncategorized')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/upload?edit=3');
    expect(within(card).getByRole('link', { name: 'View Profile' }).getAttribute('href')).toBe('/cars/mazda-rx-7-1');
    // The count says which it is: My Vehicles shows the all-time total (the gallery shows this month's votes).
    expect(within(card).getByText('all time').parentElement?.textContent).toBe('♥ 12 votes all time');
  });
});
