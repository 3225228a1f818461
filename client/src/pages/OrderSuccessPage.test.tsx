import { MESSAGES, toPaymentOrderRecord } from '@curbside/shared';
import { makeCartItem, makeOrder } from '@curbside/shared/test-fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { notifyError } from '../lib/notify';
import { makeUser, renderApp } from '../test/render';
import { type Handlers, ProcedureError } from '../test/trpc-fake';

// happy-dom's canvas has no 2D context to draw the success page's confetti on: the calls are recorded instead.
const confetti = vi.hoisted(() => vi.fn());
vi.mock('canvas-confetti', () => ({ default: confetti }));

// The pages are lazy-loaded: load their code once up front so the first test does not spend its wait on it.
beforeAll(async () => {
  await import('./OrderSuccessPage');
}, 30_000);

/** Order 1042: two posters and a sticker pack, $68.97 in all. */
const ORDER = makeOrder({ id: 1042 });

function renderSuccess(path: string, handlers: Handlers = {}) {
  return renderApp({
    path,
    user: makeUser(),
    handlers: { 'cart.list': () => [makeCartItem()], 'cart.clear': () => ({ ok: true }), ...handlers },
  });
}

describe('order success', () => {
  it("shows the paid order's own number, items and total, as the server recorded them, and leaves the cart", async () => {
    const { calls } = renderSuccess('/order-success?payment_intent=test_pi_9', {
      'checkout.recordOrder': () => toPaymentOrderRecord(ORDER, 'test_pi_9'),
    });
    expect(await screen.findByTestId('order-number')).toHaveProperty('textContent', '#1042');
    expect(screen.getByRole('heading', { name: 'Thank you for your order!' })).toBeTruthy();
    const items = screen.getAllByTestId('order-item');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('2 × Poster Print 12x18')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('1 × Sticker Pack')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toBe('$68.97');
    expect(calls.find((c) => c.path === 'checkout.recordOrder')?.input).toEqual({ paymentId: 'test_pi_9' });
    // The server removed the paid lines; a cart filled since (Back to this page later) is not emptied here.
    expect(calls.some((c) => c.path === 'cart.clear')).toBe(false);
    expect(screen.getByRole('link', { name: 'View My Orders' }).getAttribute('href')).toBe(
      '/user/orders?fromOrderSuccess=true',
    );
    // Confetti celebrates, except for a visitor whose system asks for reduced motion.
    await waitFor(() => expect(confetti).toHaveBeenCalled());
    expect(confetti.mock.calls.every(([options]) => options?.disableForReducedMotion === true)).toBe(true);
  });

  it("takes a stale 'Payment Failed' toast off the screen once the order is confirmed", async () => {
    let confirm = () => {};
    const confirmed = new Promise<void>((resolve) => {
      confirm = resolve;
    });
    renderSuccess('/order-success?payment_intent=test_pi_9', {
      'checkout.recordOrder': async () => {
        await confirmed;
        return toPaymentOrderRecord(ORDER, 'test_pi_9');
      },
    });
    // The declined first card's toast, still up when the second card's payment lands here.
    notifyError(MESSAGES.checkout.paymentFailed, new Error('Your card was declined.'));
    await screen.findByText('Payment Failed');
    confirm();
    await screen.findByTestId('order-number');
    // Well before the toast's own 4 s would close it.
    await waitFor(() => expect(screen.queryByText('Payment Failed')).toBeNull(), { timeout: 1500 });
  });

  it("claims nothing for a payment that is not the shopper's own paid one, and offers the cart and My Orders", async () => {
    const { calls } = renderSuccess('/order-success?payment_intent=anything', {
      'checkout.recordOrder': () => {
        throw new ProcedureError('NOT_FOUND', 'Payment not found');
      },
    });
    await screen.findByRole('heading', { name: 'We could not confirm an order here' });
    expect(
      screen.getByText(
        'Payment not found. Your cart has not been changed: you can check your cart or find your orders in My Orders.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Thank you for your order!')).toBeNull();
    expect(screen.queryByTestId('order-number')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Cart' }).getAttribute('href')).toBe('/cart');
    expect(screen.getByRole('link', { name: 'View My Orders' }).getAttribute('href')).toBe('/user/orders');
    expect(calls.some((c) => c.path === 'cart.clear')).toBe(false);
  });

  it('without a payment id asks the server nothing and says so', async () => {
    const { calls } = renderSuccess('/order-success');
    await screen.findByRole('heading', { name: 'We could not confirm an order here' });
    expect(
      screen.getByText('This page did not receive a payment to confirm. Your cart has not been changed.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.path === 'checkout.recordOrder' || c.path === 'cart.clear')).toBe(false);
  });
});
