import { toPaymentOrderRecord } from '@curbside/shared';
import { CALIFORNIA, makeCartItem, makeOrder, POSTER_LINE } from '@curbside/shared/test-fixtures';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentAddress, makeUser, renderApp } from '../../test/render';
import { type Handlers, ProcedureError } from '../../test/trpc-fake';

// happy-dom's canvas has no 2D context to draw the success page's confetti on.
vi.mock('canvas-confetti', () => ({ default: () => undefined }));

/** The cart's one line, paid for: $49.98, $10.00 shipping, California's tax $3.62. */
const ORDER = makeOrder({ subtotal: 4998, tax: 362, total: 6360, items: [POSTER_LINE] });

function renderCheckout(handlers: Handlers = {}) {
  return renderApp({
    path: '/checkout',
    user: makeUser({ email: 'dana@example.com', name: 'Dana Driver' }),
    handlers: {
      'cart.list': () => [makeCartItem()],
      'checkout.paymentConfig': () => ({ provider: 'test', publishableKey: null }),
      'checkout.createPaymentIntent': () => ({
        clientSecret: 'test_pi_1_secret_x',
        amount: 4998,
        shipping: 1000,
        tax: 362,
        total: 6360,
        paymentId: 'test_pi_1',
        provider: 'test',
      }),
      ...handlers,
    },
  });
}

async function fillShipping(user: ReturnType<typeof renderApp>['userEvent']) {
  await user.type(await screen.findByRole('textbox', { name: /^Address line 1/ }), '1 Market St');
  await user.type(screen.getByRole('textbox', { name: /^City/ }), 'San Francisco');
  await user.click(screen.getByRole('combobox', { name: /^State/ }));
  await user.click(await screen.findByRole('option', { name: 'California' }));
  await user.type(screen.getByRole('textbox', { name: /^ZIP code/ }), '94105');
}

// Typing a whole address through user-event takes a few seconds in happy-dom.
describe('checkout page', () => {
  it('sends an empty cart back to /cart', async () => {
    renderCheckout({ 'cart.list': () => [] });
    // The 'Empty Cart' toast, then the cart page's own empty state.
    await screen.findByText('Empty Cart');
    await waitFor(() => expect(currentAddress()).toBe('/cart'));
  });

  it('requires the shipping fields and shows the state tax in the summary', async () => {
    const { userEvent: user, calls } = renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'Continue to Payment' }));
    await screen.findByText('Address line 1 is required');
    expect(calls.some((c) => c.path === 'checkout.createPaymentIntent')).toBe(false);
    expect(screen.getByText('Estimated tax (6%)')).toBeTruthy();

    await fillShipping(user);
    expect(screen.getByText('Tax (CA 7.25%)')).toBeTruthy();
    // 49.98 + 10.00 shipping + 3.62 tax
    expect(screen.getByTestId('summary-total').textContent).toBe('$63.60');
    expect(screen.getByText(/7-10 business days/)).toBeTruthy();
  });

  it('pays with the test card, records the order and lands on order success; a decline shows the message', async () => {
    let attempts = 0;
    const { userEvent: user, calls } = renderCheckout({
      'checkout.payWithTestCard': () => {
        attempts++;
        if (attempts === 1) throw new ProcedureError('BAD_REQUEST', 'Your card was declined.');
        return ORDER;
      },
      'checkout.recordOrder': () => toPaymentOrderRecord(ORDER, 'test_pi_1'),
      'cart.clear': () => ({ ok: true }),
    });
    await fillShipping(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByText('Test mode — no real card is charged');
    expect(screen.getByRole('button', { name: 'Back to Shipping Information' })).toBeTruthy();
    expect(calls.find((c) => c.path === 'checkout.createPaymentIntent')?.input).toEqual({
      email: 'dana@example.com',
      shippingAddress: CALIFORNIA,
    });

    // Too short: the form says so in words, before any call (not the server's "cardNumber: …").
    await user.type(screen.getByRole('textbox', { name: /Card number/ }), '4242');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await screen.findByText('Enter the full card number, like 4242 4242 4242 4242.');
    expect(screen.queryByText(/cardNumber/)).toBeNull();
    expect(attempts).toBe(0);
    await user.clear(screen.getByRole('textbox', { name: /Card number/ }));

    await user.type(screen.getByRole('textbox', { name: /Card number/ }), '4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await screen.findByText('Payment Failed');
    expect(screen.getAllByText('Your card was declined.').length).toBeGreaterThan(0);
    expect(currentAddress()).toBe('/checkout');

    await user.clear(screen.getByRole('textbox', { name: /Card number/ }));
    await user.type(screen.getByRole('textbox', { name: /Card number/ }), '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(currentAddress()).toBe('/order-success?payment_intent=test_pi_1'));
    expect(calls.find((c) => c.path === 'checkout.recordOrder')?.input).toEqual({ paymentId: 'test_pi_1' });
    // The success page shows the order the server recorded.
    expect((await screen.findByTestId('order-number')).textContent).toBe('#41');
    // The server removed the paid lines with the order: nothing here empties the cart.
    expect(calls.some((c) => c.path === 'cart.clear')).toBe(false);
  });
});
