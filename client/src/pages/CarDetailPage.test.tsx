import type { CarImage, Product } from '@curbside/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { makeCarDto } from '../components/cars/showcase-fixtures';
import { currentAddress, makeUser, renderApp } from '../test/render';
import { ProcedureError } from '../test/trpc-fake';

const common = {
  'cars.top': () => [],
  'share.qrCode': () => ({ qrCode: 'data:image/png;base64,AAAA' }),
};

describe('car page', () => {
  it('votes once: toast, Already Voted, and the new count', async () => {
    const car = makeCarDto(5, { make: 'Mazda', model: 'RX-7', lastMonthVotes: 3 });
    const { userEvent, calls } = renderApp({
      path: '/cars/car-5',
      handlers: { ...common, 'cars.bySlug': () => car, 'votes.cast': () => ({ totalVotes: 11, lastMonthVotes: 4 }) },
    });
    await screen.findByRole('heading', { name: 'Mazda RX-7', level: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Vote for this Car' }));
    await screen.findByText('Vote recorded!');
    expect(screen.getByRole('button', { name: 'Already Voted' })).toHaveProperty('disabled', true);
    expect(screen.getByText('You can vote for this car again after 24 hours.')).toBeTruthy();
    expect(screen.getByTestId('car-votes').textContent).toContain('4 votes this month');
    expect(calls.find((call) => call.path === 'votes.cast')?.input).toEqual({ carId: 5 });
  });

  it("says 'No votes yet' for a car nobody has voted for, not '0 votes all time'", async () => {
    const car = makeCarDto(7, { make: 'Datsun', model: '240Z', totalVotes: 0, lastMonthVotes: 0 });
    renderApp({ path: '/cars/car-7', handlers: { ...common, 'cars.bySlug': () => car } });
    await screen.findByRole('heading', { name: 'Datsun 240Z', level: 1 });
    expect(screen.getByTestId('car-votes').textContent).toBe('♥ No votes yet');
  });

  it('shows its Hall of Fame honours, each linked to its month', async () => {
    const car = makeCarDto(6, { make: 'Honda', model: 'NSX' });
    renderApp({
      path: '/cars/car-6',
      handlers: {
        ...common,
        'cars.bySlug': () => car,
        'hallOfFame.honours': () => [
          { month: '2026-10', label: 'October 2026', rank: 1, votes: 12 },
          { month: '2026-09', label: 'September 2026', rank: 3, votes: 7 },
        ],
      },
    });
    const winner = await screen.findByRole('link', { name: 'Car of the Month · October 2026' });
    expect(winner.getAttribute('href')).toBe('/hall-of-fame?month=2026-10');
    expect(screen.getByRole('link', { name: '#3 · September 2026' }).getAttribute('href')).toBe(
      '/hall-of-fame?month=2026-09',
    );
  });

  it("shows the server's message when the vote is refused", async () => {
    const { userEvent } = renderApp({
      path: '/cars/car-6',
      handlers: {
        ...common,
        'cars.bySlug': () => makeCarDto(6),
        'votes.cast': () => {
          throw new ProcedureError('TOO_MANY_REQUESTS', 'You can vote for this car again after 24 hours.');
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Vote for this Car' }));
    await screen.findByText('Voting failed');
    await screen.findByRole('button', { name: 'Already Voted' });
  });

  it('shows Car Not Found for an unknown car', async () => {
    renderApp({
      path: '/cars/nope',
      handlers: {
        ...common,
        'cars.bySlug': () => {
          throw new ProcedureError('NOT_FOUND', 'Car not found');
        },
      },
    });
    await screen.findByRole('heading', { name: 'Car Not Found' });
    expect(screen.getByRole('link', { name: 'Back to Gallery' }).getAttribute('href')).toBe('/gallery');
  });

  it('falls back to a placeholder when a photo fails to load', async () => {
    renderApp({ path: '/cars/car-7', handlers: { ...common, 'cars.bySlug': () => makeCarDto(7) } });
    const image = (await screen.findAllByAltText('1999 Nissan Skyline 7'))[0] as HTMLImageElement;
    expect(image.getAttribute('fetchpriority')).toBe('high');
    expect(image.getAttribute('srcset')).toContain('400w');
    image.dispatchEvent(new Event('error'));
    await screen.findAllByAltText('1999 Nissan Skyline 7');
    expect((screen.getAllByAltText('1999 Nissan Skyline 7')[0] as HTMLImageElement).src).toMatch(/^data:image\/svg/);
  });

  it('names each thumbnail by its kind, so official and owner photos never share a name', async () => {
    renderApp({
      path: '/cars/car-8',
      handlers: { ...common, 'cars.bySlug': () => makeCarDto(8, { images: fourPhotos }) },
    });
    await screen.findByRole('heading', { name: 'Owner Photos' });
    const names = screen.getAllByRole('button', { name: /^Show / }).map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual([
      'Show official photo 1',
      'Show official photo 2',
      'Show owner photo 1',
      'Show owner photo 2',
    ]);
    const boxes = screen
      .getAllByRole('checkbox', { name: /^Select for print: / })
      .map((box) => box.getAttribute('aria-label'));
    expect(boxes).toEqual([
      'Select for print: 1999 Nissan Skyline 8, official photo 1',
      'Select for print: 1999 Nissan Skyline 8, official photo 2',
      'Select for print: 1999 Nissan Skyline 8, owner photo 1',
      'Select for print: 1999 Nissan Skyline 8, owner photo 2',
    ]);
  });

  it('offers a print only of a car that has a photo', async () => {
    showPanelsAtOnce();
    renderApp({ path: '/cars/car-9', handlers: { ...common, 'cars.bySlug': () => makeCarDto(9, { images: [] }) } });
    await screen.findByRole('heading', { name: 'Share this Car' });
    expect(screen.queryByRole('heading', { name: 'Purchase Print' })).toBeNull();
  });

  it('shows the Purchase Print card beside a car with photos', async () => {
    showPanelsAtOnce();
    renderApp({
      path: '/cars/car-10',
      handlers: { ...common, 'cars.bySlug': () => makeCarDto(10), 'products.list': () => [] },
    });
    await screen.findByRole('heading', { name: 'Purchase Print' });
  });

  it('ticks every photo with Select all, and the summary counts them', async () => {
    showPanelsAtOnce();
    const { userEvent } = renderApp({
      path: '/cars/car-11',
      handlers: { ...common, 'cars.bySlug': () => makeCarDto(11, { images: fourPhotos }), 'products.list': () => [] },
    });
    const selectAll = await screen.findByRole('checkbox', { name: 'Select all photos' });
    expect(screen.getByTestId('print-selected-count').textContent).toBe('0 images selected');
    await userEvent.click(screen.getByRole('checkbox', { name: /owner photo 1$/ }));
    expect(screen.getByTestId('print-selected-count').textContent).toBe('1 image selected');
    expect((selectAll as HTMLInputElement).checked).toBe(false);

    await userEvent.click(selectAll);
    expect(screen.getByTestId('print-selected-count').textContent).toBe('4 images selected');
    for (const box of screen.getAllByRole('checkbox', { name: /^Select for print: / })) {
      expect((box as HTMLInputElement).checked).toBe(true);
    }
    await userEvent.click(selectAll);
    expect(screen.getByTestId('print-selected-count').textContent).toBe('0 images selected');
  });

  it('warns the customer when a chosen photo is too small for the print size', async () => {
    showPanelsAtOnce();
    const { userEvent } = renderApp({
      path: '/cars/car-14',
      handlers: {
        ...common,
        'cars.bySlug': () => makeCarDto(14, { images: fourPhotos }),
        'products.list': () => [printProduct],
      },
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: /official photo 1$/ }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Print product' }));
    await userEvent.click(await screen.findByRole('option', { name: /Poster Print 12x18/ }));
    expect(screen.queryByTestId('print-too-small')).toBeNull();

    // Owner photo 2 is 1200 × 800 px: a 12x18 print needs 1800 × 2700 at 150 dpi.
    await userEvent.click(screen.getByRole('checkbox', { name: /owner photo 2$/ }));
    expect(screen.getByTestId('print-too-small').textContent).toBe(
      'Too small for a sharp 12x18 print: owner photo 2. Choose a smaller size, or expect a softer print.',
    );
  });

  it("keeps a signed-out visitor's photos, print and quantity through sign-in", async () => {
    showPanelsAtOnce();
    let signedIn: ReturnType<typeof makeUser> | null = null;
    const { userEvent, calls } = renderApp({
      path: '/cars/car-13',
      handlers: {
        ...common,
        'cars.bySlug': () => makeCarDto(13, { images: fourPhotos }),
        'products.list': () => [printProduct],
        'accounts.me': () => signedIn,
        'accounts.login': () => {
          signedIn = makeUser();
          return signedIn;
        },
        'cart.list': () => [],
      },
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: /official photo 2$/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /owner photo 1$/ }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Print product' }));
    await userEvent.click(await screen.findByRole('option', { name: /Poster Print 12x18/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Increase Quantity' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));

    const form = within(await screen.findByRole('form', { name: 'Log in' }));
    await userEvent.type(form.getByLabelText('Email'), 'drifter@example.com');
    await userEvent.type(form.getByLabelText('Password'), 'correct horse');
    await userEvent.click(form.getByRole('button', { name: 'Log In' }));

    await screen.findByRole('heading', { name: 'Nissan Skyline 13', level: 1 });
    const ticked = screen
      .getAllByRole('checkbox', { name: /^Select for print: / })
      .filter((box) => (box as HTMLInputElement).checked)
      .map((box) => box.getAttribute('aria-label'));
    expect(ticked).toEqual([
      'Select for print: 1999 Nissan Skyline 13, official photo 2',
      'Select for print: 1999 Nissan Skyline 13, owner photo 1',
    ]);
    await waitFor(() => expect(screen.getByTestId('print-selected-count').textContent).toBe('2 images selected'));
    expect((screen.getByRole('combobox', { name: 'Print product' }) as HTMLInputElement).value).toMatch(
      /^Poster Print 12x18/,
    );
    expect((screen.getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement).value).toBe('2');
    await waitFor(() => expect(currentAddress()).toBe('/cars/car-13'));
    expect(calls.some((call) => call.path === 'cart.add')).toBe(false);
  });

  it('shows the photos in a viewer: arrows, keyboard, swipe, caption, Escape', async () => {
    const { userEvent } = renderApp({
      path: '/cars/car-12',
      handlers: { ...common, 'cars.bySlug': () => makeCarDto(12, { images: fourPhotos }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Enlarge photo' }));
    const dialog = await screen.findByRole('dialog', { name: '1999 Nissan Skyline 12' });
    const photo = () => within(dialog).getByTestId('viewer-photo');
    expect(photo().getAttribute('alt')).toBe('1999 Nissan Skyline 12, official photo 1');
    // Full size: the largest variant, chosen for the whole screen's width.
    expect(photo().getAttribute('src')).toBe('/api/file/cars/12/1.w1600.webp');
    expect(photo().getAttribute('sizes')).toBe('100vw');
    expect(within(dialog).getByText('At Cars & Coffee')).toBeTruthy();
    expect(within(dialog).getByText('Official photo 1 · 1 of 4')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    await waitFor(() => expect(photo().getAttribute('alt')).toBe('1999 Nissan Skyline 12, official photo 2'));
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(photo().getAttribute('alt')).toBe('1999 Nissan Skyline 12, owner photo 1'));
    expect(within(dialog).getByText('Owner photo 1 · 3 of 4')).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(photo().getAttribute('alt')).toBe('1999 Nissan Skyline 12, official photo 2'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous photo' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous photo' }));
    // Round from the first to the last.
    await waitFor(() => expect(photo().getAttribute('alt')).toBe('1999 Nissan Skyline 12, owner photo 2'));

    // A swipe to the left is the next photo, to the right the previous one.
    const stage = photo().parentElement as HTMLElement;
    fireEvent.pointerDown(stage, { clientX: 300 });
    fireEvent.pointerUp(stage, { clientX: 120 });
    await waitFor(() => expect(photo().getAttribute('alt')).toBe('1999 Nissan Skyline 12, official photo 1'));
    fireEvent.pointerDown(stage, { clientX: 100 });
    fireEvent.pointerUp(stage, { clientX: 300 });
    await waitFor(() => expect(photo().getAttribute('alt')).toBe('1999 Nissan Skyline 12, owner photo 2'));

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The page shows the photo the visitor stopped at.
    expect(screen.getByRole('button', { name: 'Show owner photo 2' }).parentElement?.dataset.shown).toBe('true');
  });
});

/** The panels below the fold (print, share) wait for the viewport; a test DOM has none: they show at once. */
function showPanelsAtOnce() {
  vi.stubGlobal('IntersectionObserver', undefined);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
}

const printProduct: Product = {
  id: 1,
  name: 'Poster Print 12x18',
  description: null,
  category: 'poster',
  price: 2499,
  shippingFee: 1000,
  stock: 500,
  sku: 'P1',
  imageUrl: null,
  featured: false,
  active: true,
  isMerch: false,
  printSize: '12x18',
};

/** Two official photos (the first with a caption) and two of the owner's, as the server lists them. */
const fourPhotos: CarImage[] = [1, 2, 3, 4].map((n) => ({
  id: 100 + n,
  url: `/api/file/cars/12/${n}.jpg`,
  isPrimary: n === 1,
  isAdminUploaded: n <= 2,
  caption: n === 1 ? 'At Cars & Coffee' : null,
  fileSize: 1000,
  width: n === 4 ? 1200 : 3600,
  height: n === 4 ? 800 : 2400,
  variants: {
    w400: `/api/file/cars/12/${n}.w400.webp`,
    w800: `/api/file/cars/12/${n}.w800.webp`,
    w1600: `/api/file/cars/12/${n}.w1600.webp`,
  },
}));
