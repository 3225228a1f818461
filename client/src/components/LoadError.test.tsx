import type { Product } from '@curbside/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render';
import { ProcedureError } from '../test/trpc-fake';

const sticker: Product = {
  id: 5,
  name: 'Sticker Pack',
  description: 'Five stickers',
  category: 'merchandise',
  price: 500,
  shippingFee: 0,
  stock: 30,
  sku: 'S5',
  imageUrl: '/s.jpg',
  featured: false,
  active: true,
  isMerch: true,
  printSize: null,
};

/** A procedure that fails the first time it is asked and answers after that. */
function failingOnce<T>(answer: T) {
  let asked = 0;
  return () => {
    asked += 1;
    if (asked === 1) throw new ProcedureError('INTERNAL_SERVER_ERROR', 'Something went wrong. Please try again later.');
    return answer;
  };
}

describe('a load error', () => {
  it('on the merch page says what happened plainly, keeps the spec text, and Try Again loads the products', async () => {
    const { userEvent: user } = renderApp({ path: '/merch', handlers: { 'products.merch': failingOnce([sticker]) } });
    const alert = await screen.findByRole('alert');
    const box = within(alert);
    expect(box.getByText(/We couldn't load the merchandise just now/)).toBeTruthy();
    expect(box.getByText('Failed to fetch merch products')).toBeTruthy();
    expect(box.getByRole('link', { name: 'Back to Gallery' }).getAttribute('href')).toBe('/gallery');

    await user.click(box.getByRole('button', { name: 'Try Again' }));
    await screen.findByText('Sticker Pack');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('on the events page offers Try Again and the way home beside the spec text', async () => {
    const { userEvent: user } = renderApp({
      path: '/events',
      handlers: { 'events.upcoming': failingOnce([]), 'ads.active': () => [] },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error loading events. Please try again later.')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await screen.findByText('No Upcoming Events');
  });

  it('on the home page, a failed section offers Try Again and the gallery, and the rest of the page stays', async () => {
    const { userEvent: user } = renderApp({
      path: '/',
      handlers: {
        'stats.site': () => ({ featuredCarsCount: 4, totalVotesCount: 1234, printsOrderedCount: 7 }),
        'cars.top': failingOnce([]),
        'cars.list': () => [],
        'ads.active': () => [],
      },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch monthly top cars')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Back to Gallery' }).getAttribute('href')).toBe('/gallery');
    expect(screen.getByText('1,234')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await screen.findByText('No votes yet this month. Be the first to vote!');
  });
});
