import type { Car } from '@curbside/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { assert, describe, expect, it } from 'vitest';
import { makeCarDto } from '../components/cars/showcase-fixtures';
import { currentAddress, renderApp } from '../test/render';
import { type Handler, type Handlers, ProcedureError } from '../test/trpc-fake';

const cars = Array.from({ length: 14 }, (_, i) =>
  makeCarDto(i + 1, { make: i < 2 ? 'Ford' : 'Nissan', category: i < 2 ? 'Muscle' : 'JDM' }),
);
/** cars.page over `list`: its category, a page at a time, the cursor being the index of the next car (as text). */
function pagesOf(list: Car[]): Handler<'cars.page'> {
  return (input) => {
    const matching = input.category ? list.filter((car) => car.category === input.category) : list;
    const start = input.cursor ? Number(input.cursor) : 0;
    const limit = input.limit ?? 12;
    const next = start + limit;
    return { items: matching.slice(start, next), nextCursor: next < matching.length ? String(next) : null };
  };
}

const handlers = {
  'cars.page': pagesOf(cars),
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

  it('asks the server for each next page by the cursor of the one before, and for the cars of a category', async () => {
    const { userEvent, calls } = renderApp({ path: '/gallery', handlers });
    await screen.findAllByTestId('car-card');
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(14));
    const pages = calls.filter((call) => call.path === 'cars.page').map((call) => call.input);
    expect(pages[0]).toMatchObject({ limit: 12 });
    expect(pages[0]).not.toHaveProperty('cursor');
    expect(pages[1]).toMatchObject({ limit: 12, cursor: '12' });

    await userEvent.click(screen.getByRole('button', { name: 'JDM' }));
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(12));
    expect(calls.filter((call) => call.path === 'cars.page').at(-1)?.input).toMatchObject({ category: 'JDM' });
  });

  it('goes on past the pages an address keeps, by cursor', async () => {
    const many = Array.from({ length: 130 }, (_, i) => makeCarDto(i + 1));
    const { userEvent } = renderApp({
      path: '/gallery?pages=9',
      handlers: { ...handlers, 'cars.page': pagesOf(many) },
    });
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(108));
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(120));
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(130));
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(currentAddress()).toBe('/gallery?pages=9');
  });

  it('searches on the server and links each card to its car', async () => {
    const { userEvent, calls } = renderApp({ path: '/gallery', handlers });
    await screen.findAllByTestId('car-card');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search cars' }), '13');
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(1));
    // The list sits under the page's h1, so each car's name (year, make and model) is the next level: a screen
    // reader's heading list reads the cars in order, with no level skipped.
    expect(screen.getByRole('heading', { level: 2, name: '1999 Nissan Skyline 13' })).toBeTruthy();
    expect(screen.getByTestId('car-card').getAttribute('href')).toBe('/cars/car-13');
    expect(calls.find((call) => call.path === 'cars.search')?.input).toMatchObject({ q: '13' });
  });

  it("asks a search for the pages' cards and one more, and for the next page's with Load More", async () => {
    const many = Array.from({ length: 30 }, (_, i) => makeCarDto(i + 1, { model: 'Skyline GT' }));
    const search: Handler<'cars.search'> = (input) =>
      many.filter((car) => car.model.includes(input.q)).slice(0, Number(input.limit));
    const { userEvent, calls } = renderApp({ path: '/gallery?q=GT', handlers: { ...handlers, 'cars.search': search } });
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(12));
    const asked = () => calls.filter((call) => call.path === 'cars.search').map((call) => call.input);
    expect(asked()).toEqual([{ q: 'GT', limit: 13 }]);
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(24));
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(30));
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(asked()).toEqual([
      { q: 'GT', limit: 13 },
      { q: 'GT', limit: 25 },
      { q: 'GT', limit: 37 },
    ]);
  });

  it('shows the error text when the cars cannot be loaded', async () => {
    renderApp({
      path: '/gallery',
      handlers: {
        ...handlers,
        'cars.page': () => {
          throw new ProcedureError('INTERNAL_SERVER_ERROR', 'boom');
        },
      },
    });
    await screen.findByText('There was an error loading the gallery. Please try again later.');
  });

  it('keeps the category and the pages shown in the address, and shows the list a shared address names', async () => {
    const { userEvent, unmount } = renderApp({ path: '/gallery', handlers });
    await screen.findAllByTestId('car-card');
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(currentAddress()).toBe('/gallery?pages=2');
    await userEvent.click(screen.getByRole('button', { name: 'JDM' }));
    expect(currentAddress()).toBe('/gallery?category=JDM');
    unmount();

    renderApp({ path: '/gallery?category=JDM&pages=2', handlers });
    expect(await screen.findAllByTestId('car-card')).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'JDM' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows a search named in the address, in the box and in the list', async () => {
    const { calls } = renderApp({ path: '/gallery?q=13', handlers });
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 2, name: '1999 Nissan Skyline 13' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search cars' }).value).toBe('13');
    expect(calls.find((call) => call.path === 'cars.search')?.input).toMatchObject({ q: '13' });
  });

  it('ignores an unknown category and shows at most the pages there are for pages=999999', async () => {
    const many = Array.from({ length: 120 }, (_, i) => makeCarDto(i + 1));
    renderApp({
      path: '/gallery?category=Spaceship&pages=999999',
      handlers: { ...handlers, 'cars.page': pagesOf(many) },
    });
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(108));
    expect(screen.getByRole('button', { name: 'All Cars' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('comes Back from a car to the same cards at the same scroll position', async () => {
    const many = Array.from({ length: 30 }, (_, i) => makeCarDto(i + 1));
    const { userEvent } = renderApp({
      path: '/gallery',
      handlers: {
        ...handlers,
        'cars.page': pagesOf(many),
        'cars.bySlug': (input) => {
          const car = many.find((candidate) => candidate.slug === input.slug);
          assert(car);
          return car;
        },
        'cars.top': () => [],
        'share.qrCode': () => ({ qrCode: '' }),
      },
    });
    await screen.findAllByTestId('car-card');
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    const cards = screen.getAllByTestId('car-card');
    expect(cards).toHaveLength(30);
    document.body.style.height = '8000px';
    window.scrollTo({ top: 2400 });
    const car = cards[25];
    assert(car);
    await userEvent.click(car);
    await screen.findByRole('heading', { name: 'Nissan Skyline 26', level: 1 });

    window.history.back();
    await waitFor(() => expect(screen.getAllByTestId('car-card')).toHaveLength(30));
    expect(currentAddress()).toBe('/gallery?pages=3');
    await waitFor(() => expect(window.scrollY).toBe(2400));
    document.body.style.height = '';
  });
});
