import { MESSAGES } from '@curbside/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser, renderApp } from '../test/render';
import { ProcedureError } from '../test/trpc-fake';
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
    expect(screen.getByText('Site admin')).toBeTruthy();
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

  it('shows no role badge for a plain user, and My Vehicles before the settings', async () => {
    renderApp({
      path: '/user/profile',
      user: makeUser({ name: 'Plain Pat', role: 'user' }),
      handlers: { 'cars.owned': () => [] },
    });
    await screen.findByRole('heading', { name: 'Plain Pat' });
    expect(screen.queryByText(/^user$/i)).toBeNull();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf('My Vehicles')).toBeGreaterThanOrEqual(0);
    expect(headings.indexOf('My Vehicles')).toBeLessThan(headings.indexOf('Settings'));
    // The settings' first card comes after the vehicles in the page's order.
    const vehicles = screen.getByRole('heading', { name: 'My Vehicles' });
    const firstSetting = screen.getByRole('tab', { name: 'Account Settings' });
    expect(vehicles.compareDocumentPosition(firstSetting) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('lists my vehicles with Edit and View car page links', async () => {
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
    expect(within(card).getByRole('link', { name: 'View car page' }).getAttribute('href')).toBe('/cars/mazda-rx-7-1');
    // The count says which it is: My Vehicles shows the all-time total (the gallery shows this month's votes).
    expect(within(card).getByText('all time').parentElement?.textContent).toBe('♥ 12 votes all time');
  });

  it('tells an unverified user what waits on the link, and sends it again', async () => {
    const user = makeUser({ emailVerified: false });
    const { userEvent, calls } = renderApp({
      path: '/user/profile',
      user,
      handlers: {
        'cars.owned': () => [],
        'accounts.resendVerification': () => ({ ok: true, message: MESSAGES.auth.verificationSentTo(user.email) }),
      },
    });
    await screen.findByText(MESSAGES.auth.unverifiedTitle);
    expect(screen.getByText(MESSAGES.auth.unverifiedNotice(user.email))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.auth.resendVerification }));
    await screen.findByText(MESSAGES.auth.verificationSentTo(user.email));
    expect(calls.filter((c) => c.path === 'accounts.resendVerification')).toHaveLength(1);
  });

  it('shows no notice once the address is verified', async () => {
    renderApp({ path: '/user/profile', user: makeUser(), handlers: { 'cars.owned': () => [] } });
    await screen.findByText('No vehicles yet');
    expect(screen.queryByText(MESSAGES.auth.unverifiedTitle)).toBeNull();
  });

  it('shows the server refusal of a resend (the hourly limit)', async () => {
    const refusal = 'Too many verification e-mails were sent to this account. Please try again in 40 minutes.';
    const { userEvent } = renderApp({
      path: '/user/profile',
      user: makeUser({ emailVerified: false }),
      handlers: {
        'cars.owned': () => [],
        'accounts.resendVerification': () => {
          throw new ProcedureError('TOO_MANY_REQUESTS', refusal);
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: MESSAGES.auth.resendVerification }));
    await screen.findByText(refusal);
  });

  it('signs out everywhere, revoking the API tokens only when the box is ticked', async () => {
    const { userEvent, calls } = renderApp({
      path: '/user/profile',
      user: makeUser(),
      handlers: { 'cars.owned': () => [], 'accounts.logoutEverywhere': () => ({ ok: true }) },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Security' }));
    await userEvent.click(await screen.findByLabelText(MESSAGES.profile.signOutEverywhereRevokeTokens));
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.profile.signOutEverywhereButton }));
    await screen.findByText(MESSAGES.profile.signedOutEverywhere.title);
    expect(calls.find((c) => c.path === 'accounts.logoutEverywhere')?.input).toEqual({ revokeTokens: true });
  });

  it('asks for a new address with the current password, which stays pending', async () => {
    const user = makeUser();
    const { userEvent, calls } = renderApp({
      path: '/user/profile',
      user,
      handlers: {
        'cars.owned': () => [],
        'profile.changeEmail': () => ({ ...user, pendingEmail: 'new@example.com' }),
      },
    });
    await userEvent.type(await screen.findByLabelText(MESSAGES.profile.newEmailLabel), 'new@example.com');
    await userEvent.type(screen.getByLabelText(MESSAGES.profile.currentPasswordLabel), 'my-password-1');
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.profile.changeEmailButton }));
    await screen.findByText(MESSAGES.profile.emailChangeRequested('new@example.com').message);
    expect(calls.find((c) => c.path === 'profile.changeEmail')?.input).toEqual({
      email: 'new@example.com',
      currentPassword: 'my-password-1',
    });
  });
});
