import { MESSAGES } from '@curbside/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderApp } from '../test/render';
import { ProcedureError } from '../test/trpc-fake';

const TOKEN = 'b'.repeat(43);

describe('/verify-email', () => {
  it('says the link is incomplete when the token is missing, calling nothing', async () => {
    const { calls } = renderApp({ path: '/verify-email' });
    await screen.findByText(MESSAGES.auth.verifyEmailMissingToken);
    expect(calls.some((call) => call.path === 'accounts.verifyEmail')).toBe(false);
  });

  it('confirms the address once as it opens, and links to the profile', async () => {
    const { calls } = renderApp({
      path: `/verify-email?token=${TOKEN}`,
      user: makeUser({ emailVerified: false }),
      handlers: { 'accounts.verifyEmail': () => ({ ok: true, message: MESSAGES.auth.emailVerified }) },
    });
    await screen.findByText(MESSAGES.auth.emailVerified);
    expect(screen.getByRole('link', { name: MESSAGES.auth.continueToProfile }).getAttribute('href')).toBe(
      '/user/profile',
    );
    expect(calls.filter((call) => call.path === 'accounts.verifyEmail').map((call) => call.input)).toEqual([
      { token: TOKEN },
    ]);
  });

  it('shows the server message for a used or expired link', async () => {
    renderApp({
      path: `/verify-email?token=${TOKEN}`,
      handlers: {
        'accounts.verifyEmail': () => {
          throw new ProcedureError('BAD_REQUEST', MESSAGES.server.verificationLinkInvalid);
        },
      },
    });
    await screen.findByText(MESSAGES.auth.verifyEmailFailed);
    expect(screen.getByText(MESSAGES.server.verificationLinkInvalid)).toBeTruthy();
  });
});
