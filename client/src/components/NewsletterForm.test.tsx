import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render';
import { ProcedureError } from '../test/trpc-fake';

async function subscribe(userEvent: ReturnType<typeof renderApp>['userEvent'], email: string) {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Email address' }), email);
  await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
}

describe('footer newsletter form', () => {
  it('rejects an address without a dot after the @ without calling the server', async () => {
    const { userEvent, calls } = renderApp({ path: '/' });
    await subscribe(userEvent, 'fan@example');
    await screen.findByText('Invalid Email');
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(calls.some((call) => call.path === 'newsletter.subscribe')).toBe(false);
  });

  it('subscribes and replaces the form with a thank-you', async () => {
    const { userEvent, calls } = renderApp({
      path: '/',
      handlers: { 'newsletter.subscribe': () => ({ ok: true, message: 'Subscribed' }) },
    });
    await subscribe(userEvent, ' fan@example.com ');
    await screen.findByText('Subscribed!');
    expect(screen.getByText('Thank you for subscribing to our newsletter.')).toBeTruthy();
    expect(screen.getByText(/Thanks for subscribing!/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
    expect(calls.find((call) => call.path === 'newsletter.subscribe')?.input).toEqual({
      email: 'fan@example.com',
      source: 'footer',
    });
  });

  it('shows the server message when the subscription fails and keeps the form', async () => {
    const { userEvent } = renderApp({
      path: '/',
      handlers: {
        'newsletter.subscribe': () => {
          throw new ProcedureError('TOO_MANY_REQUESTS', 'Too many requests. Please try again later.');
        },
      },
    });
    await subscribe(userEvent, 'fan@example.com');
    await screen.findByText('Subscription Failed');
    expect(screen.getByText('Too many requests. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
  });
});
