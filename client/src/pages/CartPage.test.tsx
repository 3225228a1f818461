import { makeCartItem } from '@curbside/shared/test-fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser, renderApp } from '../test/render';

// The pages are lazy-loaded: load their code once up front so the first test does not spend its wait on it.
beforeAll(async () => {
  await import('./CartPage');
}, 30_000);

describe('cart', () => {
  it('asks before Clear Cart empties the cart; Keep Items leaves it', async () => {
    let lines = [makeCartItem()];
    const { userEvent: user, calls } = renderApp({
      path: '/cart',
      user: makeUser(),
      handlers: {
        'cart.list': () => lines,
        'cart.clear': () => {
          lines = [];
          return { ok: true };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Clear Cart' }));
    let dialog = await screen.findByRole('dialog', { name: 'Clear your cart?' });
    expect(within(dialog).getByText('Every item will be removed from your cart.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep Items' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === 'cart.clear')).toBe(false);
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    dialog = await screen.findByRole('dialog', { name: 'Clear your cart?' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear Cart' }));
    await screen.findByRole('heading', { name: 'Your cart is empty' });
    expect(calls.filter((c) => c.path === 'cart.clear')).toHaveLength(1);
  });
});
