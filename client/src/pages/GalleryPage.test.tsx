import { screen, waitFor, within } from '@testing-library/react';
import { assert, describe, expect, it } from 'vitest';
import { makeCarDto } from '../components/cars/showcase-fixtures';
import { renderApp } from '../test/render';
import { type Handlers, ProcedureError } from '../test/trpc-fake';

const cars = Array.from({ length: 14 }, (_, i) =>
  makeCarDto(i + 1, { make: i < 2 ? 'Ford' : 'Nissan', category: i < 2 ? 'Muscle' : 'JDM' }),
);
const handlers = {
  'cars.list': () => cars,
  'ads.active': () => [],
  'cars.search': (input) => cars.filter((car) => car.model.endsWith(` ${input.q}`)),
} satisfies Handlers;

describe('gallery', () => {
  it('shows 12 cards, then the rest with Load More; a category filters and starts at page 1', async () => {
    const { userEvent } = renderApp({ path: '/gallery', handlers });
    expect(await screen.findAllByTestId('car-card')).toHaveLength(12);
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(screen.getAllByTestId('car-card')).toHaveLength(14);
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Muscle' }));
    const muscle = screen.getAllByTestId('car-card');
    expect(muscle).toHaveLength(2);
    const [first] = muscle;
    assert(first);
    expect(within(first).getByText('Muscle')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Exotic' }));
    expect(screen.getByText('No cars found matching your criteria.')).toBeTruthy();
  });

  it('searches on the server and links each card to its car', async () => {
    const { userEvent, calls } = renderApp({ path: '/gallery', handlers });
    await screen.findAllByTestId('car-card');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search cars' }), '13');
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(1));
    expect(screen.getByText('Nissan Skyline 13')).toBeTruthy();
    expect(screen.getByTestId('car-card').getAttribute('href')).toBe('/cars/car-13');
    expect(calls.find((call) => call.path === 'cars.search')?.input).toMatchObject({ q: '13' });
  });

  it('shows the error text when the cars cannot be loaded', async () => {
    renderApp({
      path: '/gallery',
      handlers: {
        ...handlers,
        'cars.list': () => {
          throw new ProcedureError('INTERNAL_SERVER_ERROR', 'boom');
        },
      },
    });
    await screen.findByText('There was an error loading the gallery. Please try again later.');
  });
});
