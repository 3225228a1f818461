import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCarDto, makeEntry } from './components/cars/showcase-fixtures';
import { renderApp } from './test/render';
import { type Handlers, ProcedureError } from './test/trpc-fake';

// Arriving on a landing page asks for its data before the first render (landing.ts). Each query must be asked once:
// if a page's own query differed from the prefetched one (another input), it would be asked a second time and the
// head start would be lost.

const car = makeCarDto(7, { slug: 'skyline-r34', make: 'Nissan', model: 'Skyline GT-R' });
const handlers: Handlers = {
  'stats.site': () => ({ featuredCarsCount: 1, totalVotesCount: 10, printsOrderedCount: 0 }),
  'cars.top': () => [makeEntry(1, car)],
  'cars.list': () => [car],
  'cars.page': () => ({ items: [car], nextCursor: null }),
  'cars.bySlug': () => car,
  'ads.active': () => [],
  'products.list': () => [],
  'share.qrCode': () => ({ qrCode: 'data:image/png;base64,' }),
};

const cases = [
  { path: '/', heading: 'Top Cars of the Month', queries: ['stats.site', 'cars.top', 'cars.list'] },
  { path: '/gallery', heading: 'Car Gallery', queries: ['cars.page'] },
  { path: '/cars/skyline-r34', heading: 'Nissan Skyline GT-R', queries: ['cars.bySlug', 'cars.top'] },
  { path: '/leaderboard', heading: 'Voting Leaderboard', queries: ['cars.top'] },
];

describe('landing pages', () => {
  it.each(cases)('$path: its data is asked for at once, beside the signed-in user, and once', async (page) => {
    const { calls } = renderApp({ path: page.path, landing: true, handlers });
    await screen.findByRole('heading', { name: page.heading });
    // The page's queries went out beside the signed-in user's, before any response came back, not after one.
    expect(calls.find((c) => c.path === 'accounts.me')?.sentAfterResponses).toBe(0);
    for (const query of page.queries) {
      const asked = calls.filter((c) => c.path === query);
      expect(asked, `${query} asked once`).toHaveLength(1);
      expect(asked[0]?.sentAfterResponses, `${query} sent before any response`).toBe(0);
    }
  });
});

describe('an address the preload cannot read', () => {
  it('still starts the app: a malformed car address ends on Car Not Found, not a blank page', async () => {
    renderApp({
      path: '/cars/%E0%A4%A',
      landing: true,
      handlers: {
        ...handlers,
        'cars.bySlug': () => {
          throw new ProcedureError('NOT_FOUND', 'Car Not Found');
        },
      },
    });
    await screen.findByRole('heading', { name: 'Car Not Found' });
  });
});
