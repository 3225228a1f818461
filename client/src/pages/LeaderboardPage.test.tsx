import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCarDto, makeEntry, makePlace } from '../components/cars/showcase-fixtures';
import { currentAddress, renderApp, setViewport } from '../test/render';

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
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Rank',
      'Car',
      'Owner',
      'Classification',
      'Votes',
      'Change',
      'Action',
    ]);
    expect(screen.getByLabelText('Up 2')).toBeTruthy();
    expect(screen.getByLabelText('Down 1')).toBeTruthy();
    expect(screen.getByText('New')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'View' })[0]?.getAttribute('href')).toBe('/cars/car-1');
    expect(screen.getByRole('link', { name: '1999 Toyota Skyline 1' }).getAttribute('href')).toBe('/cars/car-1');

    await userEvent.click(screen.getByText('All Time'));
    await screen.findAllByTestId('leaderboard-row');
    expect(calls.filter((call) => call.path === 'cars.top').map((call) => call.input)).toEqual([
      { period: 'month', limit: 20 },
      { period: 'all', limit: 20 },
    ]);
  });

  it("shows a closed month's final ranking at ?month=, picked from the past months", async () => {
    const supra = makeCarDto(1, { make: 'Toyota', model: 'Supra', year: 1994, slug: 'toyota-supra' });
    const civic = makeCarDto(2, { make: 'Honda', model: 'Civic', year: 1998, slug: 'honda-civic' });
    const { userEvent, calls } = renderApp({
      path: '/leaderboard',
      handlers: {
        'cars.top': () => [makeEntry(1, civic)],
        'hallOfFame.winners': () => [{ month: '2026-10', label: 'October 2026', winner: makePlace(1, 42, supra) }],
        'hallOfFame.month': () => ({
          month: '2026-10',
          label: 'October 2026',
          places: [makePlace(1, 42, supra), makePlace(2, 30, civic)],
        }),
      },
    });
    await screen.findAllByTestId('leaderboard-row');
    await userEvent.selectOptions(await screen.findByLabelText('Past months'), '2026-10');
    expect(currentAddress()).toBe('/leaderboard?month=2026-10');
    await screen.findByText('The final ranking of October 2026, frozen when the month ended.');
    const rows = await screen.findAllByTestId('leaderboard-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['#1', '#2']);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: '1994 Toyota Supra' })).toBeTruthy();
    // A closed month has no "change since yesterday".
    expect(screen.queryByRole('columnheader', { name: 'Change' })).toBeNull();
    expect(calls.filter((call) => call.path === 'hallOfFame.month').map((call) => call.input)).toEqual([
      { month: '2026-10' },
    ]);
  });

  it('shows the empty state', async () => {
    renderApp({ path: '/leaderboard', handlers: { 'cars.top': () => [] } });
    await screen.findByText('No cars have been voted on yet. Be the first to vote!');
  });

  it('keeps the period in the address: a shared link, Back and Forward show the same list', async () => {
    const handlers = {
      'cars.top': (input: { period?: string }) => [
        makeEntry(1, makeCarDto(1, { make: input.period === 'all' ? 'Ferrari' : 'Mazda' })),
      ],
    };
    const { userEvent, calls } = renderApp({ path: '/leaderboard?period=all', handlers });
    await screen.findByRole('link', { name: '1999 Ferrari Skyline 1' });
    expect(screen.getByRole('radio', { name: 'All Time' })).toHaveProperty('checked', true);

    await userEvent.click(screen.getByText('This Month'));
    await screen.findByRole('link', { name: '1999 Mazda Skyline 1' });
    expect(currentAddress()).toBe('/leaderboard');

    act(() => window.history.back());
    await screen.findByRole('link', { name: '1999 Ferrari Skyline 1' });
    expect(currentAddress()).toBe('/leaderboard?period=all');
    expect(screen.getByRole('radio', { name: 'All Time' })).toHaveProperty('checked', true);

    act(() => window.history.forward());
    await screen.findByRole('link', { name: '1999 Mazda Skyline 1' });
    expect(screen.getByRole('radio', { name: 'This Month' })).toHaveProperty('checked', true);
    expect(calls.filter((call) => call.path === 'cars.top').map((call) => call.input)).toEqual([
      { period: 'all', limit: 20 },
      { period: 'month', limit: 20 },
    ]);
  });

  it('shows This Month for a period it does not know', async () => {
    const { calls } = renderApp({
      path: '/leaderboard?period=decade',
      handlers: { 'cars.top': () => [makeEntry(1, makeCarDto(1))] },
    });
    await screen.findAllByTestId('leaderboard-row');
    expect(screen.getByRole('radio', { name: 'This Month' })).toHaveProperty('checked', true);
    expect(calls.find((call) => call.path === 'cars.top')?.input).toEqual({ period: 'month', limit: 20 });
  });

  it('fits a phone: rank, photo, car, votes and change, with owner and classification under the name', async () => {
    setViewport(390);
    renderApp({
      path: '/leaderboard',
      handlers: {
        'cars.top': () => [makeEntry(1, makeCarDto(1, { make: 'Toyota', ownerName: 'Kei' }), { change: 3 })],
      },
    });
    const row = (await screen.findByTestId('leaderboard-row')) as HTMLElement;
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Rank',
      'Car',
      'Votes',
      'Change',
    ]);
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['#1', '1999 Toyota Skyline 1Kei · JDM', '3', '▲ 3']);
    expect(within(row).getByRole('link', { name: '1999 Toyota Skyline 1' }).getAttribute('href')).toBe('/cars/car-1');
    expect(row.querySelector('img')?.getAttribute('src')).toBe('/api/file/cars/1/a.w800.webp');
  });
});
