import type { HallOfFameMonth, HallOfFameWinners } from '@curbside/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCarDto, makePlace } from '../components/cars/showcase-fixtures';
import { renderApp } from '../test/render';
import { ProcedureError } from '../test/trpc-fake';

const supra = makeCarDto(1, { make: 'Toyota', model: 'Supra', year: 1994, slug: 'toyota-supra', ownerName: 'Kenji' });
const skyline = makeCarDto(2, { make: 'Nissan', model: 'Skyline', year: 1999, slug: 'nissan-skyline', ownerName: '' });
const civic = makeCarDto(3, { make: 'Honda', model: 'Civic', year: 1998, slug: 'honda-civic', ownerName: 'Ana' });

const winners: HallOfFameWinners = [
  { month: '2026-10', label: 'October 2026', winner: makePlace(1, 42, supra) },
  { month: '2026-09', label: 'September 2026', winner: makePlace(1, 17, skyline) },
];
const months: Record<string, HallOfFameMonth> = {
  '2026-10': {
    month: '2026-10',
    label: 'October 2026',
    places: [makePlace(1, 42, supra), makePlace(2, 30, civic), makePlace(3, 1, skyline)],
  },
  '2026-09': { month: '2026-09', label: 'September 2026', places: [makePlace(1, 17, skyline)] },
};
const handlers = {
  'hallOfFame.winners': () => winners,
  'hallOfFame.month': (input: unknown) => {
    const month = months[(input as { month: string }).month];
    if (!month) throw new ProcedureError('NOT_FOUND', 'That month has not closed yet, or nobody voted in it.');
    return month;
  },
};

describe('/hall-of-fame', () => {
  it('shows the newest closed month: its winner large with owner and votes, places 2–10 below, linked', async () => {
    renderApp({ path: '/hall-of-fame', handlers });
    await screen.findByRole('heading', { name: 'Hall of Fame', level: 1 });
    const winner = await screen.findByTestId('hall-of-fame-winner');
    expect(within(winner).getByText('Car of the Month · October 2026')).toBeTruthy();
    expect(within(winner).getByRole('link', { name: '1994 Toyota Supra' }).getAttribute('href')).toBe(
      '/cars/toyota-supra',
    );
    expect(within(winner).getByText('Kenji · 42 votes that month')).toBeTruthy();
    const places = screen.getAllByTestId('hall-of-fame-place');
    expect(places.map((p) => p.textContent)).toEqual([
      expect.stringMatching(/^#2.*1998 Honda Civic.*Ana · 30 votes that month/),
      expect.stringMatching(/^#3.*1999 Nissan Skyline.*Unknown · 1 vote that month/),
    ]);
    expect(screen.getAllByTestId('past-winner').map((card) => card.textContent)).toEqual([
      expect.stringContaining('October 2026'),
      expect.stringContaining('September 2026'),
    ]);
  });

  it('keeps a place whose car is gone, by the name stored at closing, marked removed and not linked', async () => {
    const removed = { ...makePlace(1, 42, supra), car: null };
    const gone = { month: '2026-10', label: 'October 2026', places: [removed, makePlace(2, 30, civic)] };
    renderApp({
      path: '/hall-of-fame',
      handlers: {
        'hallOfFame.winners': () => [{ month: '2026-10', label: 'October 2026', winner: removed }],
        'hallOfFame.month': () => gone,
      },
    });
    const winner = await screen.findByTestId('hall-of-fame-winner');
    expect(within(winner).getByText('1994 Toyota Supra (removed)')).toBeTruthy();
    expect(within(winner).queryByRole('link')).toBeNull();
    expect(within(winner).getByText('Kenji · 42 votes that month')).toBeTruthy();
    expect(screen.getAllByTestId('hall-of-fame-place').map((p) => p.textContent)).toEqual([
      expect.stringMatching(/^#2.*1998 Honda Civic/),
    ]);
  });

  it('opens the month in the address, and the picker changes it', async () => {
    renderApp({ path: '/hall-of-fame?month=2026-09', handlers });
    const winner = await screen.findByTestId('hall-of-fame-winner');
    expect(within(winner).getByText('Car of the Month · September 2026')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-10' } });
    await waitFor(() => expect(window.location.search).toBe('?month=2026-10'));
    await screen.findByText('Car of the Month · October 2026');
  });

  it('says so before any month has closed', async () => {
    renderApp({ path: '/hall-of-fame', handlers: { 'hallOfFame.winners': () => [] } });
    expect(await screen.findByText(/No month has closed yet/)).toBeTruthy();
  });

  it('offers Try Again when the Hall of Fame cannot be loaded', async () => {
    let calls = 0;
    renderApp({
      path: '/hall-of-fame',
      handlers: {
        ...handlers,
        'hallOfFame.winners': () => {
          calls += 1;
          if (calls === 1) throw new ProcedureError('INTERNAL_SERVER_ERROR', 'Something went wrong');
          return winners;
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('hall-of-fame-winner')).toBeTruthy();
  });
});
