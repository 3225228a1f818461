import type { Advertisement } from '@curbside/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCarDto, makeEntry } from '../components/cars/showcase-fixtures';
import { renderApp } from '../test/render';

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
    for (const rank of [1, 2, 3]) await screen.findByText(`#${rank} This Month`);
    expect((await screen.findByTestId('banner-ad')).querySelector('img')?.getAttribute('alt')).toBe('Live');
    expect(screen.getAllByTestId('banner-ad')).toHaveLength(1);
    await screen.findByRole('link', { name: 'View Details' });
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
