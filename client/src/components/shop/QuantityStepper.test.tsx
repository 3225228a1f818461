import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { QuantityStepper } from './QuantityStepper';

/**
 * A cart line in miniature: the quantity it holds, and a server that takes a change after a moment or refuses it
 * (more than `stock`), while the stepper is disabled as the cart line does.
 */
function CartLineLike({ stock = 99 }: { stock?: number }) {
  const [held, setHeld] = useState(1);
  const [pending, setPending] = useState(false);
  const [refused, setRefused] = useState(0);
  const change = (quantity: number) => {
    setPending(true);
    void Promise.resolve().then(() => {
      if (quantity <= stock) setHeld(quantity);
      else setRefused((n) => n + 1);
      setPending(false);
    });
  };
  return (
    <MantineProvider env="test">
      <QuantityStepper aria-label="Quantity of Poster" value={held} onChange={change} disabled={pending} />
      <output data-testid="held">{held}</output>
      <output data-testid="refused">{refused}</output>
    </MantineProvider>
  );
}

const box = () => screen.getByRole('textbox', { name: 'Quantity of Poster' }) as HTMLInputElement;

describe('QuantityStepper', () => {
  it('shows what a typed "-3" or an emptied box means once the shopper leaves it: 1', async () => {
    const user = userEvent.setup();
    render(<CartLineLike />);
    await user.click(screen.getByRole('button', { name: 'Increase Quantity of Poster' }));
    await waitFor(() => expect(screen.getByTestId('held').textContent).toBe('2'));

    await user.clear(box());
    expect(box().value).toBe('');
    await user.tab();
    await waitFor(() => expect(box().value).toBe('1'));
    expect(screen.getByTestId('held').textContent).toBe('1');

    await user.clear(box());
    await user.type(box(), '-3');
    await user.tab();
    await waitFor(() => expect(box().value).toBe('1'));
    expect(screen.getByTestId('held').textContent).toBe('1');
  });

  it('shows what the cart holds when the cart refuses the quantity typed', async () => {
    const user = userEvent.setup();
    render(<CartLineLike stock={3} />);
    await user.clear(box());
    await user.type(box(), '5');
    await waitFor(() => expect(screen.getByTestId('refused').textContent).toBe('1'));
    await waitFor(() => expect(box().value).toBe('1'));
    expect(screen.getByTestId('held').textContent).toBe('1');
  });

  it('steps with − and +, never below 1', async () => {
    const user = userEvent.setup();
    render(<CartLineLike />);
    const decrease = screen.getByRole('button', { name: 'Decrease Quantity of Poster' });
    expect(decrease).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Increase Quantity of Poster' }));
    await waitFor(() => expect(box().value).toBe('2'));
    await waitFor(() => expect(decrease).toHaveProperty('disabled', false));
    await user.click(decrease);
    await waitFor(() => expect(box().value).toBe('1'));
  });
});
