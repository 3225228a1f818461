import { type ApiToken, MESSAGES } from '@curbside/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, renderApp } from '../test/render';
import { type Handlers, ProcedureError } from '../test/trpc-fake';

const T = MESSAGES.apiTokens;
const SECRET = `cbs_${'s3cr3t'.repeat(7)}X`;

// Both screens are lazy chunks: load their code once up front so the first test does not spend its wait on it.
beforeAll(async () => {
  await Promise.all([import('../pages/ProfilePage'), import('../pages/AdminPage')]);
}, 30_000);

const token = (overrides: Partial<ApiToken> = {}): ApiToken => ({
  id: 1,
  name: 'Leaderboard export',
  scope: 'read',
  hint: 'cbs_AbCd',
  createdAt: '2026-11-02T15:00:00.000Z',
  lastUsedAt: null,
  ...overrides,
});

/** A fake server keeping the user's tokens. */
function tokenServer(initial: ApiToken[]): Handlers {
  let tokens = [...initial];
  return {
    'cars.owned': () => [],
    'tokens.list': () => tokens,
    'tokens.create': (input) => {
      const made = token({ id: 9, name: input.name, scope: input.scope, hint: SECRET.slice(0, 8) });
      tokens = [made, ...tokens];
      return { ...made, token: SECRET };
    },
    'tokens.revoke': ({ id }) => {
      tokens = tokens.filter((t) => t.id !== id);
    },
  };
}

async function openProfileTokens(handlers: Handlers) {
  const app = renderApp({ path: '/user/profile', user: makeUser(), handlers });
  await app.userEvent.click(await screen.findByRole('tab', { name: T.title }));
  return app;
}

describe('API Tokens on My Profile', () => {
  it('lists the tokens with their scope, hint and last use', async () => {
    await openProfileTokens(
      tokenServer([
        token(),
        token({ id: 2, name: 'Vote bot', scope: 'write', lastUsedAt: '2026-11-20T12:00:00.000Z' }),
      ]),
    );
    const rows = await screen.findAllByTestId('api-token');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Leaderboard export'),
      expect.stringContaining('Vote bot'),
    ]);
    const [first, second] = rows;
    assert(first && second);
    expect(within(first).getByText('read')).toBeTruthy();
    expect(first.textContent).toContain('cbs_AbCd…');
    expect(first.textContent).toContain('Never used');
    expect(second.textContent).toContain('Last used Nov 20, 2026');
  });

  it('creates a token, shows its secret once, then only the list without the secret', async () => {
    const { userEvent: user, calls } = await openProfileTokens(tokenServer([]));
    await screen.findByText(T.none);
    const form = screen.getByRole('form', { name: 'Create API token' });
    // Only read and write here: the admin scope is offered on the admin dashboard.
    const scope = within(form).getByLabelText(T.scopeLabel) as HTMLSelectElement;
    expect([...scope.options].map((o) => o.value)).toEqual(['read', 'write']);
    await user.type(within(form).getByLabelText(T.nameLabel), 'Cart bot');
    await user.selectOptions(scope, 'write');
    await user.click(within(form).getByRole('button', { name: T.create }));

    expect((await screen.findByTestId('new-token')).textContent).toBe(SECRET);
    expect(screen.getByText(T.createdHeading)).toBeTruthy();
    expect(calls.find((c) => c.path === 'tokens.create')?.input).toEqual({ name: 'Cart bot', scope: 'write' });
    await waitFor(() => expect(screen.getAllByTestId('api-token')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: T.done }));
    expect(screen.queryByTestId('new-token')).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
    expect(screen.getByTestId('api-token').textContent).toContain('Cart bot');
  });

  it('asks for a name before sending anything', async () => {
    const { userEvent: user, calls } = await openProfileTokens(tokenServer([]));
    await user.click(await screen.findByRole('button', { name: T.create }));
    await screen.findByText(MESSAGES.validation.apiTokenNameRequired);
    expect(calls.some((c) => c.path === 'tokens.create')).toBe(false);
  });

  it("shows the server's refusal when a token is not created", async () => {
    const handlers = {
      ...tokenServer([]),
      'tokens.create': () => {
        throw new ProcedureError('CONFLICT', MESSAGES.server.apiTokensPerUserReached(20));
      },
    };
    const { userEvent: user } = await openProfileTokens(handlers);
    await user.type(await screen.findByLabelText(T.nameLabel), 'One too many');
    await user.click(screen.getByRole('button', { name: T.create }));
    await screen.findByText(T.createFailed.title);
    expect(screen.getByText(MESSAGES.server.apiTokensPerUserReached(20))).toBeTruthy();
    expect(screen.queryByTestId('new-token')).toBeNull();
  });

  it('revokes a token after asking, and it leaves the list', async () => {
    const { userEvent: user, calls } = await openProfileTokens(
      tokenServer([token(), token({ id: 2, name: 'Vote bot', scope: 'write' })]),
    );
    await user.click(await screen.findByRole('button', { name: `${T.revoke} Vote bot` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(T.revokeConfirm('Vote bot'))).toBeTruthy();
    expect(calls.some((c) => c.path === 'tokens.revoke')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: T.revoke }));

    await screen.findByText(T.tokenRevoked.title);
    expect(calls.find((c) => c.path === 'tokens.revoke')?.input).toEqual({ id: 2 });
    await waitFor(() => expect(screen.getAllByTestId('api-token')).toHaveLength(1));
    expect(screen.getByTestId('api-token').textContent).toContain('Leaderboard export');
  });
});

describe('API Tokens on the admin dashboard', () => {
  it('offers the admin scope', async () => {
    renderApp({ path: '/admin?tab=api-tokens', user: makeUser({ role: 'admin' }), handlers: tokenServer([]) });
    const scope = (await screen.findByLabelText(T.scopeLabel)) as HTMLSelectElement;
    expect([...scope.options].map((o) => o.value)).toEqual(['read', 'write', 'admin']);
  });
});
