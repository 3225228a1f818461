import type { AdminUser, SuspensionsOverview } from '@curbside/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { assert, describe, expect, it } from 'vitest';
import { makeUser, renderApp, setViewport } from '../../test/render';

const admin = makeUser({ id: 1, role: 'admin', username: 'boss' });

const adminUser = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: 9,
  username: 'spammer',
  email: 'spammer@example.com',
  role: 'user',
  suspendedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const empty: SuspensionsOverview = { suspended: [], history: [] };

/** The boss's suspension or lift of spammer, with a note. */
const suspensionRecord = (action: 'suspended' | 'lifted', note: string) => ({
  id: 1,
  user: { id: 9, username: 'spammer' },
  action,
  note,
  by: { id: 1, username: 'boss' },
  createdAt: '2026-11-28T08:00:00.000Z',
});

describe('Users tab', () => {
  it('finds a user, suspends them with a note, and offers no Suspend for admins', async () => {
    let overview = empty;
    const { calls, userEvent: user } = renderApp({
      path: '/admin?tab=users',
      user: admin,
      handlers: {
        'admin.users.find': () => [adminUser(), adminUser({ id: 1, username: 'boss', role: 'admin' })],
        'admin.users.suspensions': () => overview,
        'admin.users.suspend': () => {
          const suspended = adminUser({ suspendedAt: '2026-11-28T08:00:00.000Z' });
          const record = suspensionRecord('suspended', 'Spam listings');
          overview = {
            suspended: [
              {
                user: suspended,
                suspension: record,
                cars: [{ id: 3, slug: 'honda-civic', make: 'Honda', model: 'Civic', year: 1999, totalVotes: 4 }],
              },
            ],
            history: [record],
          };
          return suspended;
        },
      },
    });
    await screen.findByText('No account is suspended.');
    await user.type(screen.getByLabelText('Find a user'), 'spam');
    const rows = await screen.findAllByTestId('user-row');
    const [spammer, boss] = rows;
    assert(spammer && boss);
    expect((within(boss).getByRole('button', { name: 'Suspend' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(spammer).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend spammer?' });
    const confirm = within(dialog).getByRole('button', { name: 'Suspend' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true); // a note is required
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Spam listings');
    await user.click(confirm);

    await waitFor(() =>
      expect(calls.find((c) => c.path === 'admin.users.suspend')?.input).toEqual({ id: 9, note: 'Spam listings' }),
    );
    const account = await screen.findByTestId('suspended-account');
    expect(account.textContent).toContain('Spam listings');
    expect(account.textContent).toContain('1999 Honda Civic (4 votes)');
    expect(within(account).getByRole('button', { name: 'Lift Suspension' })).toBeTruthy();
  });

  it('shows found users and the suspension record as cards on a phone, with the same actions', async () => {
    setViewport(390);
    const record = suspensionRecord('lifted', 'Cleared up');
    const { userEvent: user } = renderApp({
      path: '/admin?tab=users',
      user: admin,
      handlers: {
        'admin.users.find': () => [adminUser()],
        'admin.users.suspensions': () => ({ suspended: [], history: [record] }),
      },
    });
    const entry = within(await screen.findByTestId('suspension-record'));
    expect(screen.queryByRole('table')).toBeNull();
    expect(entry.getByText('Lifted: spammer')).toBeTruthy();
    expect(entry.getByText('Admin').nextElementSibling?.textContent).toBe('boss');
    expect(entry.getByText('Cleared up')).toBeTruthy();

    await user.type(screen.getByLabelText('Find a user'), 'spam');
    const card = within(await screen.findByTestId('user-row'));
    expect(screen.queryByRole('table')).toBeNull();
    expect(card.getByText('spammer@example.com')).toBeTruthy();
    expect(card.getByText('Active')).toBeTruthy();
    await user.click(card.getByRole('button', { name: 'Suspend' }));
    await screen.findByRole('dialog', { name: 'Suspend spammer?' });
  });
});
