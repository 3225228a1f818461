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
    // The first three stand on the podium above the table, the leader first.
    expect(screen.getAllByTestId('podium-place').map((place) => place.textContent)).toEqual([
      expect.stringMatching(/^Rank #1.*1999 Toyota Skyline 1.*♥ \d+ votes▲ 2$/),
      expect.stringMatching(/^Rank #2.*1999 Mazda Skyline 2.*▼ 1$/),
      expect.stringMatching(/^Rank #3.*1999 Honda Skyline 3.*New$/),
    ]);
    const table = within(screen.getByRole('table'));
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Rank',
      'Car',
      'Owner',
      'Classification',
      'Votes',
      'Change',
      'Action',
    ]);
    expect(table.getByLabelText('Up 2')).toBeTruthy();
    expect(table.getByLabelText('Down 1')).toBeTruthy();
    expect(table.getByText('New')).toBeTruthy();
    expect(table.getAllByRole('link', { name: 'View' })[0]?.getAttribute('href')).toBe('/cars/car-1');
    expect(table.getByRole('link', { name: '1999 Toyota Skyline 1' }).getAttribute('href')).toBe('/cars/car-1');

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
    // Neither period is highlighted on a closed month.
    expect(screen.getByRole('radio', { name: 'This Month' })).toHaveProperty('checked', false);
    expect(screen.getByRole('radio', { name: 'All Time' })).toHaveProperty('checked', false);
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
    /** The table's link to the car named (the podium shows the same car). */
    const inTable = async (name: string) => within(await screen.findByRole('table')).findByRole('link', { name });
    const handlers = {
      'cars.top': (input: { period?: string }) => [
        makeEntry(1, makeCarDto(1, { make: input.period === 'all' ? 'Ferrari' : 'Mazda' })),
      ],
    };
    const { userEvent, calls } = renderApp({ path: '/leaderboard?period=all', handlers });
    await inTable('1999 Ferrari Skyline 1');
    expect(screen.getByRole('radio', { name: 'All Time' })).toHaveProperty('checked', true);

    await userEvent.click(screen.getByText('This Month'));
    await inTable('1999 Mazda Skyline 1');
    expect(currentAddress()).toBe('/leaderboard');

    act(() => window.history.back());
    await inTable('1999 Ferrari Skyline 1');
    expect(currentAddress()).toBe('/leaderboard?period=all');
    expect(screen.getByRole('radio', { name: 'All Time' })).toHaveProperty('checked', true);

    act(() => window.history.forward());
    await inTable('1999 Mazda Skyline 1');
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

  it('fits a phone: the first three on the podium, then a card per place, no table', async () => {
    setViewport(390);
    renderApp({
      path: '/leaderboard',
      handlers: {
        'cars.top': () => [
          ...[1, 2, 3].map((n) => makeEntry(n, makeCarDto(n))),
          makeEntry(4, makeCarDto(4, { make: 'Toyota', ownerName: 'Kei' }), { change: 3 }),
        ],
      },
    });
    const card = (await screen.findByTestId('leaderboard-card')) as HTMLElement;
    expect(screen.getAllByTestId('podium-place')).toHaveLength(3);
    expect(screen.queryByRole('table')).toBeNull();
    expect(card.textContent).toMatch(/^#4.*1999 Toyota Skyline 4.*Kei · JDM.*▲ 3$/);
    expect(within(card).getByRole('link', { name: '1999 Toyota Skyline 4' }).getAttribute('href')).toBe('/cars/car-4');
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/api/file/cars/4/a.w800.webp');
  });
});
