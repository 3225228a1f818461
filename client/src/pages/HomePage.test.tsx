import type { Advertisement } from '@curbside/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCarDto, makeEntry, makePlace } from '../components/cars/showcase-fixtures';
import { makeUser, renderApp } from '../test/render';

const ad = (name: string, fields: Partial<Advertisement>): Advertisement => ({
  id: name.length,
  name,
  description: null,
  type: 'banner',
  imageUrl: `/${name}.png`,
  linkUrl: 'https://example.com',
  startDate: null,
  endDate: null,
  active: true,
  ...fields,
});

describe('home', () => {
  it('shows the counters, the top three of the month, a banner (not a column ad) and the featured slider', async () => {
    const top = [1, 2, 3].map((rank) => makeEntry(rank, makeCarDto(rank, { make: `Top${rank}` })));
    renderApp({
      path: '/',
      handlers: {
        'stats.site': () => ({ featuredCarsCount: 4, totalVotesCount: 1234, printsOrderedCount: 7 }),
        'cars.top': () => top,
        'cars.list': () => [makeCarDto(9, { make: 'Featured', featured: true })],
        'ads.active': () => [ad('Live', {}), ad('Column', { type: 'column' })],
      },
    });
    await screen.findByText('1,234');
    for (const rank of [2, 3]) await screen.findByText(`#${rank} This Month`);
    // #1 twice: on its card, and on its photo beside the hero's text.
    expect(screen.getAllByText('#1 This Month')).toHaveLength(2);
    expect((await screen.findByTestId('banner-ad')).querySelector('img')?.getAttribute('alt')).toBe('Live');
    expect(screen.getAllByTestId('banner-ad')).toHaveLength(1);
    await screen.findByRole('link', { name: 'View Details' });
  });

  it('leaves out counters too small to read as a community, and the row when none is left', async () => {
    renderApp({
      path: '/',
      handlers: { 'stats.site': () => ({ featuredCarsCount: 4, totalVotesCount: 1234, printsOrderedCount: 0 }) },
    });
    await screen.findByText('1,234');
    expect(screen.getByText('Total Votes')).toBeTruthy();
    expect(screen.queryByText('Prints Ordered')).toBeNull();
    expect(screen.queryByTestId('counter-Featured Cars')).toBeNull();
  });

  it("sends a signed-out visitor's Get Your Car Featured to sign-in and back; a signed-in one to the form", async () => {
    const { unmount } = renderApp({ path: '/' });
    const cta = await screen.findByRole('link', { name: 'Get Your Car Featured' });
    expect(cta.getAttribute('href')).toBe('/auth?next=%2Fupload');
    const closing = within(screen.getByRole('main')).getByRole('link', { name: 'Submit Your Car' });
    expect(closing.getAttribute('href')).toBe('/auth?next=%2Fupload');
    unmount();

    renderApp({ path: '/', user: makeUser() });
    const signedIn = await screen.findByRole('link', { name: 'Get Your Car Featured' });
    expect(signedIn.getAttribute('href')).toBe('/upload');
  });

  it("shows this month's leader beside the hero text, with the photo the first card uses, linked to its page", async () => {
    const leader = makeCarDto(1, { make: 'Nissan', model: 'Skyline', slug: 'nissan-skyline-1' });
    const { container } = renderApp({
      path: '/',
      handlers: {
        'stats.site': () => ({ featuredCarsCount: 1, totalVotesCount: 3, printsOrderedCount: 0 }),
        'cars.top': () => [makeEntry(1, leader)],
        'cars.list': () => [],
        'ads.active': () => [],
      },
    });
    const photos = await screen.findAllByRole('img', { name: 'Nissan Skyline' });
    expect(photos).toHaveLength(2);
    const [hero, card] = photos as [HTMLImageElement, HTMLImageElement];
    expect(hero.closest('a')?.getAttribute('href')).toBe('/cars/nissan-skyline-1');
    // Inside the hero (before the top-car section), with a reserved box and the same candidates and sizes as the
    // card: the browser downloads one photo for both.
    expect(container.querySelector('h1')?.compareDocumentPosition(hero)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(hero.getAttribute('width')).toBe('800');
    expect(hero.getAttribute('height')).toBe('533');
    expect(hero.getAttribute('srcset')).toBe(card.getAttribute('srcset'));
    expect(hero.getAttribute('sizes')).toBe(card.getAttribute('sizes'));
  });

  it("names the latest closed month's winner, linked to its car and the Hall of Fame", async () => {
    const winner = makeCarDto(4, { make: 'Mazda', model: 'RX-7', year: 1993, slug: 'mazda-rx-7' });
    renderApp({
      path: '/',
      handlers: {
        'stats.site': () => ({ featuredCarsCount: 1, totalVotesCount: 3, printsOrderedCount: 0 }),
        'cars.top': () => [],
        'cars.list': () => [],
        'ads.active': () => [],
        'hallOfFame.winners': () => [{ month: '2026-10', label: 'October 2026', winner: makePlace(1, 42, winner) }],
      },
    });
    const line = await screen.findByTestId('last-month-winner');
    expect(line.textContent).toBe('Car of the Month, October 2026: 1993 Mazda RX-7 · Hall of Fame');
    expect(screen.getByRole('link', { name: '1993 Mazda RX-7' }).getAttribute('href')).toBe('/cars/mazda-rx-7');
    expect(within(line).getByRole('link', { name: 'Hall of Fame' }).getAttribute('href')).toBe('/hall-of-fame');
  });

  it('says so when there is no featured car', async () => {
    renderApp({
      path: '/',
      handlers: {
        'stats.site': () => ({ featuredCarsCount: 0, totalVotesCount: 0, printsOrderedCount: 0 }),
        'cars.top': () => [],
        'cars.list': () => [],
        'ads.active': () => [],
      },
    });
    await screen.findByText('No cars available to display');
    expect(screen.queryByTestId('banner-ad')).toBeNull();
  });
});
