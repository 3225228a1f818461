import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render';
import { ProcedureError } from '../test/trpc-fake';

const TOKEN = 'a'.repeat(43);

describe('/reset-password', () => {
  it('says the link is not valid when the token is missing', async () => {
    renderApp({ path: '/reset-password' });
    await screen.findByText('This reset link is not valid');
    expect(screen.getByRole('link', { name: 'Back to Log In' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });

  it('checks length and confirmation before calling the server', async () => {
    const { userEvent, calls } = renderApp({ path: `/reset-password?token=${TOKEN}` });
    await userEvent.type(await screen.findByLabelText('New Password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await screen.findByText('Your new password must be at least 8 characters long');
    expect(screen.getByText("Passwords Don't Match")).toBeTruthy();
    expect(calls.some((call) => call.path === 'accounts.resetPassword')).toBe(false);
  });

  it('resets the password and links to the log-in page', async () => {
    const { userEvent, calls } = renderApp({
      path: `/reset-password?token=${TOKEN}`,
      handlers: { 'accounts.resetPassword': () => ({ ok: true }) },
    });
    await userEvent.type(await screen.findByLabelText('New Password'), 'a-long-new-password');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'a-long-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await screen.findByRole('link', { name: 'Go to Log In' });
    expect(calls.find((call) => call.path === 'accounts.resetPassword')?.input).toEqual({
      token: TOKEN,
      password: 'a-long-new-password',
    });
  });

  it('shows the server message for an expired link', async () => {
    const { userEvent } = renderApp({
      path: `/reset-password?token=${TOKEN}`,
      handlers: {
        'accounts.resetPassword': () => {
          throw new ProcedureError('BAD_REQUEST', 'This reset link has expired. Please request a new one.');
        },
      },
    });
    await userEvent.type(await screen.findByLabelText('New Password'), 'a-long-new-password');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'a-long-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await screen.findByText('This reset link has expired. Please request a new one.');
  });
});
