import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCarDto } from '../components/cars/showcase-fixtures';
import { renderApp } from '../test/render';
import { ProcedureError } from '../test/trpc-fake';

const common = {
  'cars.top': () => [],
  'share.qrCode': () => ({ qrCode: 'data:image/png;base64,AAAA' }),
};

describe('car page', () => {
  it('votes once: toast, Already Voted, and the new count', async () => {
    const car = makeCarDto(5, { make: 'Mazda', model: 'RX-7', lastMonthVotes: 3 });
    const { userEvent, calls } = renderApp({
      path: '/cars/car-5',
      handlers: { ...common, 'cars.bySlug': () => car, 'votes.cast': () => ({ totalVotes: 11, lastMonthVotes: 4 }) },
    });
    await screen.findByRole('heading', { name: 'Mazda RX-7', level: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Vote for this Car' }));
    await screen.findByText('Vote recorded!');
    expect(screen.getByRole('button', { name: 'Already Voted' })).toHaveProperty('disabled', true);
    expect(screen.getByText('You can vote for this car again after 24 hours.')).toBeTruthy();
    expect(screen.getByTestId('car-votes').textContent).toContain('4 votes');
    expect(calls.find((call) => call.path === 'votes.cast')?.input).toEqual({ carId: 5 });
  });

  it("shows the server's message when the vote is refused", async () => {
    const { userEvent } = renderApp({
      path: '/cars/car-6',
      handlers: {
        ...common,
        'cars.bySlug': () => makeCarDto(6),
        'votes.cast': () => {
          throw new ProcedureError('TOO_MANY_REQUESTS', 'You can vote for this car again after 24 hours.');
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Vote for this Car' }));
    await screen.findByText('Voting failed');
    await screen.findByRole('button', { name: 'Already Voted' });
  });

  it('shows Car Not Found for an unknown car', async () => {
    renderApp({
      path: '/cars/nope',
      handlers: {
        ...common,
        'cars.bySlug': () => {
          throw new ProcedureError('NOT_FOUND', 'Car not found');
        },
      },
    });
    await screen.findByRole('heading', { name: 'Car Not Found' });
    expect(screen.getByRole('link', { name: 'Back to Gallery' }).getAttribute('href')).toBe('/gallery');
  });

  it('falls back to a placeholder when a photo fails to load', async () => {
    renderApp({ path: '/cars/car-7', handlers: { ...common, 'cars.bySlug': () => makeCarDto(7) } });
    const image = (await screen.findAllByAltText('1999 Nissan Skyline 7'))[0] as HTMLImageElement;
    expect(image.getAttribute('fetchpriority')).toBe('high');
    expect(image.getAttribute('srcset')).toContain('400w');
    image.dispatchEvent(new Event('error'));
    await screen.findAllByAltText('1999 Nissan Skyline 7');
    expect((screen.getAllByAltText('1999 Nissan Skyline 7')[0] as HTMLImageElement).src).toMatch(/^data:image\/svg/);
  });
});
