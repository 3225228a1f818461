import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCarDto, makeEntry } from '../components/cars/showcase-fixtures';
import { renderApp } from '../test/render';

describe('leaderboard', () => {
  it('shows the real rank change, and asks for the other period', async () => {
    const entries = [
      makeEntry(1, makeCarDto(1, { make: 'Toyota' }), { change: 2 }),
      makeEntry(2, makeCarDto(2, { make: 'Mazda' }), { change: -1 }),
      makeEntry(3, makeCarDto(3, { make: 'Honda' }), { change: null, isNew: true }),
    ];
    const { userEvent, calls } = renderApp({ path: '/leaderboard', handlers: { 'cars.top': () => entries } });
    await screen.findByText('Voting Leaderboard');
    expect(await screen.findAllByTestId('leaderboard-row')).toHaveLength(3);
    expect(screen.getByLabelText('Up 2')).toBeTruthy();
    expect(screen.getByLabelText('Down 1')).toBeTruthy();
    expect(screen.getByText('New')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'View' })[0]?.getAttribute('href')).toBe('/cars/car-1');

    await userEvent.click(screen.getByText('All Time'));
    await screen.findAllByTestId('leaderboard-row');
    expect(calls.filter((call) => call.path === 'cars.top').map((call) => call.input)).toEqual([
      { period: 'month', limit: 20 },
      { period: 'all', limit: 20 },
    ]);
  });

  it('shows the empty state', async () => {
    renderApp({ path: '/leaderboard', handlers: { 'cars.top': () => [] } });
    await screen.findByText('No cars have been voted on yet. Be the first to vote!');
  });
});
