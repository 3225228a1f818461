import type { Product, User } from '@curbside/shared';
import { makeCartItem } from '@curbside/shared/test-fixtures';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../App';
import { createQueryClient, createTrpcClient } from '../../lib/trpc';
import type { NamedPhoto } from '../../pages/car-detail/photos';
import { makeUser, NORMAL_SETTINGS, renderApp } from '../../test/render';
import { createFakeTrpcFetch, type Handlers, ProcedureError } from '../../test/trpc-fake';
import { PurchasePrintCard } from './PurchasePrintCard';

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    name: 'Poster Print 12x18',
    description: 'Satin poster',
    category: 'poster',
    price: 2499,
    shippingFee: 1000,
    stock: 500,
    sku: 'P1',
    imageUrl: '/p.jpg',
    featured: false,
    active: true,
    isMerch: false,
    printSize: '12x18',
    ...overrides,
  };
}

function renderCard(props: {
  selectedImageIds: number[];
  user?: User | null;
  handlers?: Handlers;
  photos?: NamedPhoto[];
}) {
  const server = createFakeTrpcFetch({
    'accounts.me': () => (props.user === undefined ? makeUser() : props.user),
    'settings.get': () => NORMAL_SETTINGS,
    'products.list': () => [product(), product({ id: 2, name: 'Sticker', isMerch: true, price: 500 })],
    'cart.list': () => [],
    ...props.handlers,
  });
  const onSelectionChange = vi.fn();
  render(
    <AppProviders
      queryClient={createQueryClient()}
      trpcClient={createTrpcClient({ fetch: server.fetch })}
      mantineEnv="test"
    >
      <PurchasePrintCard
        carId={3}
        photos={props.photos ?? []}
        selectedImageIds={props.selectedImageIds}
        onSelectionChange={onSelectionChange}
      />
    </AppProviders>,
  );
  return { calls: server.calls, onSelectionChange, user: userEvent.setup() };
}

async function choosePrint(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('combobox', { name: 'Print product' }));
  await user.click(await screen.findByRole('option', { name: /Poster Print 12x18/ }));
}

describe('Purchase Print card', () => {
  it('offers print products only and totals price × quantity × selected photos; a non-number quantity is 1', async () => {
    const { user } = renderCard({ selectedImageIds: [10, 11] });
    await user.click(await screen.findByRole('combobox', { name: 'Print product' }));
    expect(screen.queryByRole('option', { name: /Sticker/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: /Poster Print 12x18/ }));
    expect(screen.getByText('2 images selected')).toBeTruthy();
    expect(screen.getByTestId('print-total').textContent).toBe('$49.98');

    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(screen.getByTestId('print-total').textContent).toBe('$149.94');
    fireEvent.change(quantity, { target: { value: 'abc' } });
    fireEvent.blur(quantity);
    await waitFor(() => expect(screen.getByTestId('print-total').textContent).toBe('$49.98'));
    expect((quantity as HTMLInputElement).value).toBe('1');
  });

  it("previews the print's shape over the first ticked photo, and says what it trims", async () => {
    const photo = (id: number, width: number, height: number): NamedPhoto => ({
      image: {
        id,
        url: `/api/file/${id}.jpg`,
        isPrimary: id === 10,
        isAdminUploaded: true,
        caption: null,
        fileSize: 1024,
        width,
        height,
        variants: { w400: `/api/file/${id}-400.webp` },
      },
      name: `official photo ${id - 9}`,
    });
    const photos = [photo(10, 1600, 1000), photo(11, 2000, 3000)];
    const nothingTicked = renderCard({ selectedImageIds: [], photos });
    expect(screen.queryByTestId('print-framing')).toBeNull();
    await choosePrint(nothingTicked.user);
    const landscape = screen.getByTestId('print-framing');
    expect(within(landscape).getByText('A 12x18 print trims about 6% of the photo from the sides.')).toBeTruthy();
    expect(landscape.querySelector('img')?.getAttribute('src')).toBe('/api/file/10-400.webp');
    expect(Number.parseFloat((landscape.firstElementChild as HTMLElement).style.aspectRatio)).toBe(1.5);
  });

  it('previews a ticked portrait photo upright, whole in a print of its own shape', async () => {
    const portrait: NamedPhoto = {
      image: {
        id: 11,
        url: '/api/file/11.jpg',
        isPrimary: false,
        isAdminUploaded: false,
        caption: null,
        fileSize: 1024,
        width: 2000,
        height: 3000,
      },
      name: 'owner photo 1',
    };
    const { user } = renderCard({ selectedImageIds: [11], photos: [portrait] });
    await choosePrint(user);
    const framing = screen.getByTestId('print-framing');
    expect(within(framing).getByText('A 12x18 print shows the whole photo.')).toBeTruthy();
    expect(framing.querySelector('img')?.getAttribute('src')).toBe('/api/file/11.jpg');
    expect(Number.parseFloat((framing.firstElementChild as HTMLElement).style.aspectRatio)).toBeCloseTo(2 / 3);
  });

  it('adds one line per selected photo, toasts, and clears the selection', async () => {
    const { user, calls, onSelectionChange } = renderCard({
      selectedImageIds: [10, 11],
      handlers: { 'cart.add': (input) => makeCartItem({ productId: input.productId, quantity: input.quantity ?? 1 }) },
    });
    await choosePrint(user);
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await screen.findByText('2 prints added to your cart.');
    expect(calls.filter((c) => c.path === 'cart.add').map((c) => c.input)).toEqual([
      { carId: 3, imageId: 10, productId: 1, quantity: 1 },
      { carId: 3, imageId: 11, productId: 1, quantity: 1 },
    ]);
    expect(onSelectionChange).toHaveBeenCalledExactlyOnceWith([]);
  });

  it('asks for a product first', async () => {
    const first = renderCard({ selectedImageIds: [10] });
    await screen.findByRole('combobox', { name: 'Print product' });
    await first.user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await screen.findByText('Please select a product first.');
  });

  it('asks for at least one photo', async () => {
    const none = renderCard({ selectedImageIds: [] });
    await choosePrint(none.user);
    await none.user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await screen.findByText('Please select at least one image to purchase.');
  });

  it("shows the server's message when adding fails, and keeps the selection", async () => {
    const { user, onSelectionChange } = renderCard({
      selectedImageIds: [10],
      handlers: {
        'cart.add': () => {
          throw new ProcedureError('CONFLICT', 'Only 1 of Poster Print 12x18 left in stock');
        },
      },
    });
    await choosePrint(user);
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await screen.findByText('Failed to add to cart');
    expect(screen.getByText('Only 1 of Poster Print 12x18 left in stock')).toBeTruthy();
    expect(onSelectionChange).not.toHaveBeenCalled();
  });

  it('asks a signed-out visitor to log in', async () => {
    const { user, calls } = renderCard({ selectedImageIds: [10], user: null });
    await choosePrint(user);
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await screen.findByText('You need to be logged in to add items to your cart');
    expect(calls.some((c) => c.path === 'cart.add')).toBe(false);
  });
});

describe('merchandise page', () => {
  it('shows stock notices, a sold-out item as Sold out without a quantity, and adds the chosen quantity', async () => {
    const { userEvent: user, calls } = renderApp({
      path: '/merch',
      user: makeUser(),
      handlers: {
        'products.merch': () => [
          product({ id: 5, name: 'Sticker Pack', isMerch: true, price: 500, stock: 3 }),
          product({ id: 6, name: 'Hoodie', isMerch: true, price: 5500, stock: 0 }),
        ],
        'cart.list': () => [],
        'cart.add': (input) => makeCartItem({ productId: input.productId, quantity: input.quantity ?? 1 }),
      },
    });
    await screen.findByText('Only 3 left in stock!');
    const [, hoodie] = screen.getAllByTestId('merch-card') as HTMLElement[];
    expect(
      (within(hoodie as HTMLElement).getByRole('button', { name: 'Sold out' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(within(hoodie as HTMLElement).queryByRole('combobox', { name: 'Quantity' })).toBeNull();
    const buttons = screen.getAllByRole('button', { name: 'Add to Cart' });
    expect(buttons).toHaveLength(1);

    await user.click(screen.getAllByRole('combobox', { name: 'Quantity' })[0] as HTMLElement);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['1', '2', '3']);
    await user.click(options[1] as HTMLElement);
    await user.click(buttons[0] as HTMLElement);
    await screen.findByText('2 x Sticker Pack added to your cart');
    expect(calls.find((c) => c.path === 'cart.add')?.input).toEqual({ productId: 5, quantity: 2 });
  });

  it('shows the empty state', async () => {
    renderApp({ path: '/merch', handlers: { 'products.merch': () => [] } });
    await screen.findByText('No merchandise available at the moment');
  });
});

describe('cart page', () => {
  it('lists the lines with the totals the server will charge (6% until the state is known)', async () => {
    renderApp({
      path: '/cart',
      user: makeUser(),
      handlers: {
        'cart.list': () => [
          makeCartItem(),
          makeCartItem({
            id: 2,
            price: 500,
            quantity: 1,
            productId: 9,
            imageId: null,
            car: null,
            image: null,
            printSize: null,
            printType: null,
            product: { id: 9, name: 'Sticker Pack', description: null, imageUrl: null, shippingFee: 500 },
          }),
        ],
      },
    });
    await screen.findByText('Nissan Skyline GT-R');
    expect(screen.getByText('12x18 · Poster Print')).toBeTruthy();
    expect(screen.getByText('Estimated tax (6%)')).toBeTruthy();
    // 2 × 24.99 + 5.00 = 54.98; shipping 10.00; tax 3.30; total 68.28
    expect(screen.getByTestId('summary-total').textContent).toBe('$68.28');
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeTruthy();
  });

  it('shows the empty cart and a load failure', async () => {
    renderApp({ path: '/cart', user: makeUser(), handlers: { 'cart.list': () => [] } });
    await screen.findByText('Your cart is empty');
    expect(screen.getByRole('link', { name: 'Shop Merchandise' })).toBeTruthy();
  });

  it('says why the cart could not load', async () => {
    renderApp({
      path: '/cart',
      user: makeUser(),
      handlers: {
        'cart.list': () => {
          throw new ProcedureError('INTERNAL_SERVER_ERROR', 'Database unavailable');
        },
      },
    });
    await screen.findByText('Error loading cart: Database unavailable');
  });
});
