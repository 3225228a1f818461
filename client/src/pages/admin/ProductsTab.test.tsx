import { type Product, productUpdateInputSchema } from '@curbside/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, assert, describe, expect, it, vi } from 'vitest';
import { UploadError, uploadFile } from '../../components/upload/upload-file';
import { makeUser, renderApp, setViewport } from '../../test/render';
import { type Handlers, ProcedureError } from '../../test/trpc-fake';
import { makeProduct } from './test-fixtures';

vi.mock('../../components/upload/upload-file', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../components/upload/upload-file')>()),
  uploadFile: vi.fn(),
}));

afterEach(() => {
  vi.mocked(uploadFile).mockReset();
  vi.restoreAllMocks();
});

const admin = makeUser({ role: 'admin', username: 'boss' });

function renderProducts(handlers: Handlers) {
  return renderApp({ path: '/admin?tab=products', user: admin, handlers });
}

type User = ReturnType<typeof renderApp>['userEvent'];

async function fillForm(user: User, form: HTMLElement) {
  const f = within(form);
  await user.type(f.getByRole('textbox', { name: /^Name/ }), 'Sticker Pack');
  await user.selectOptions(f.getByRole('combobox', { name: /^Category/ }), 'merchandise');
  await user.type(f.getByRole('textbox', { name: /^Price/ }), '19.99');
  await user.clear(f.getByRole('textbox', { name: /^Stock/ }));
  await user.type(f.getByRole('textbox', { name: /^Stock/ }), '5');
  await user.type(f.getByRole('textbox', { name: /^SKU/ }), 'STICK-1');
}

// Typing a whole form through user-event takes a few seconds in happy-dom.
describe('Products tab', () => {
  it('lists products (inactive ones too) with price, stock and badges', async () => {
    const { calls } = renderProducts({
      'products.list': () => [
        makeProduct(),
        makeProduct({ id: 6, name: 'Club Tee', category: 'apparel', active: false, isMerch: true, featured: true }),
      ],
    });
    const rows = await screen.findAllByTestId('product-row');
    expect(calls.find((c) => c.path === 'products.list')?.input).toMatchObject({ limit: 51, offset: 0 });
    const tee = within(rows[1] as HTMLElement);
    expect(tee.getByText('Club Tee')).toBeTruthy();
    expect(tee.getByText('Inactive')).toBeTruthy();
    expect(tee.getByText('Featured')).toBeTruthy();
    expect(tee.getByText('Merch')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('$24.99')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('40')).toBeTruthy();
  });

  it('pages past the first 50 products', async () => {
    const all = Array.from({ length: 60 }, (_, i) =>
      makeProduct({ id: i + 1, name: `Poster ${i + 1}`, sku: `P-${i}` }),
    );
    const { userEvent: user } = renderProducts({
      'products.list': (input) => all.slice(Number(input.offset ?? 0), Number(input.offset ?? 0) + Number(input.limit)),
    });
    await waitFor(() => expect(screen.getAllByTestId('product-row')).toHaveLength(50));
    expect(screen.queryByText('Poster 51')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Poster 51');
    expect(screen.getAllByTestId('product-row')).toHaveLength(10);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('checks the form with the spec messages before sending anything', async () => {
    const { calls, userEvent: user } = renderProducts({ 'products.list': () => [] });
    const form = await screen.findByRole('form', { name: 'New product' });
    // Defaults: shipping fee 10.00, active on.
    expect((within(form).getByRole('textbox', { name: /^Shipping fee/ }) as HTMLInputElement).value).toBe('10.00');
    expect((within(form).getByRole('switch', { name: 'Active' }) as HTMLInputElement).checked).toBe(true);
    expect(within(form).getByRole('switch', { name: 'Featured Product' })).toBeTruthy();
    expect(within(form).getByRole('switch', { name: 'Merchandise Item' })).toBeTruthy();

    await user.type(within(form).getByRole('textbox', { name: /^Price/ }), '0');
    await user.click(within(form).getByRole('button', { name: 'Create Product' }));
    await within(form).findByText('Product name is required');
    expect(within(form).getByText('Please select a category')).toBeTruthy();
    expect(within(form).getByText('Price must be at least $0.01')).toBeTruthy();
    expect(within(form).getByText('SKU is required')).toBeTruthy();
    expect(calls.some((c) => c.path === 'admin.products.create')).toBe(false);
  });

  it('creates a product in cents and shows it in the list', async () => {
    let products: Product[] = [];
    const { calls, userEvent: user } = renderProducts({
      'products.list': () => products,
      'admin.products.create': (input) => {
        const created = makeProduct({ ...input, id: 9 });
        products = [created];
        return created;
      },
    });
    const form = await screen.findByRole('form', { name: 'New product' });
    await fillForm(user, form);
    await user.click(within(form).getByRole('switch', { name: 'Merchandise Item' }));
    await user.click(within(form).getByRole('button', { name: 'Create Product' }));

    await screen.findByText('Success!');
    expect(calls.find((c) => c.path === 'admin.products.create')?.input).toEqual({
      name: 'Sticker Pack',
      description: null,
      category: 'merchandise',
      price: 1999,
      shippingFee: 1000,
      stock: 5,
      sku: 'STICK-1',
      imageUrl: null,
      featured: false,
      active: true,
      isMerch: true,
    });
    const row = await screen.findByTestId('product-row');
    expect(within(row).getByText('$19.99')).toBeTruthy();
    // The form is empty again for the next product.
    expect((within(form).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('');
  });

  it('shows a spinner while saving and puts the server refusal on the field', async () => {
    let refuse!: (error: Error) => void;
    const { userEvent: user } = renderProducts({
      'products.list': () => [],
      'admin.products.create': () =>
        new Promise((_, reject) => {
          refuse = reject;
        }),
    });
    const form = await screen.findByRole('form', { name: 'New product' });
    await fillForm(user, form);
    const submit = within(form).getByRole('button', { name: 'Create Product' });
    await user.click(submit);
    await waitFor(() => expect(submit.getAttribute('data-loading')).toBe('true'));

    refuse(new ProcedureError('CONFLICT', 'A product with SKU STICK-1 already exists'));
    await screen.findByText('Save failed');
    expect(within(form).getByText('A product with SKU STICK-1 already exists')).toBeTruthy();
    expect(submit.getAttribute('data-loading')).toBeNull();
  });

  it('edits a product: the form is filled in dollars and Update Product sends cents', async () => {
    const { calls, userEvent: user } = renderProducts({
      'products.list': () => [makeProduct()],
      'admin.products.update': (input) => makeProduct(productUpdateInputSchema.parse(input)),
    });
    await user.click(within(await screen.findByTestId('product-row')).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit product' });
    const price = within(form).getByRole('textbox', { name: /^Price/ }) as HTMLInputElement;
    expect(price.value).toBe('24.99');
    await user.clear(price);
    await user.type(price, '29.5');
    await user.click(within(form).getByRole('button', { name: 'Update Product' }));
    await screen.findByText('Success!');
    expect(calls.find((c) => c.path === 'admin.products.update')?.input).toMatchObject({
      id: 5,
      price: 2950,
      shippingFee: 1000,
      stock: 40,
      sku: 'POSTER-1218',
    });
    // Back to a new product.
    await screen.findByRole('form', { name: 'New product' });
  });

  it('switches a product off with the Active toggle and deletes after confirmation', async () => {
    let products = [makeProduct()];
    const { calls, userEvent: user } = renderProducts({
      'products.list': () => products,
      'admin.products.update': (input) => {
        products = products.map((p) => ({ ...p, ...productUpdateInputSchema.parse(input) }));
        const [updated] = products;
        assert(updated);
        return updated;
      },
      'admin.products.delete': () => {
        products = [];
      },
    });
    await user.click(await screen.findByRole('switch', { name: 'Active: Poster Print 12x18' }));
    await screen.findByText('Success!');
    expect(calls.find((c) => c.path === 'admin.products.update')?.input).toEqual({ id: 5, active: false });
    await within(screen.getByTestId('product-row')).findByText('Inactive');

    await user.click(within(screen.getByTestId('product-row')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Poster Print 12x18?' });
    expect(within(dialog).getByText('This action cannot be undone.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'admin.products.delete')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('product-row')).toBeNull());
    expect(calls.find((c) => c.path === 'admin.products.delete')?.input).toEqual({ id: 5 });
  });

  it('shows a card per product on a phone, each figure labelled, with the Active switch, Edit and Delete', async () => {
    setViewport(390);
    const { calls, userEvent: user } = renderProducts({
      'products.list': () => [makeProduct()],
      'admin.products.update': (input) => makeProduct(productUpdateInputSchema.parse(input)),
    });
    const card = within(await screen.findByTestId('product-row'));
    expect(screen.queryByRole('table')).toBeNull();
    expect(card.getByText('Poster Print 12x18')).toBeTruthy();
    expect(card.getByText('Price').nextElementSibling?.textContent).toBe('$24.99');
    expect(card.getByText('Stock').nextElementSibling?.textContent).toBe('40');
    await user.click(card.getByRole('switch', { name: 'Active: Poster Print 12x18' }));
    await screen.findByText('Success!');
    expect(calls.find((c) => c.path === 'admin.products.update')?.input).toEqual({ id: 5, active: false });
    await user.click(card.getByRole('button', { name: 'Edit' }));
    await screen.findByRole('form', { name: 'Edit product' });
    await user.click(card.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('dialog', { name: 'Delete Poster Print 12x18?' });
  });

  it('says when the products cannot be loaded', async () => {
    renderProducts({
      'products.list': () => {
        throw new ProcedureError('INTERNAL_SERVER_ERROR', 'boom');
      },
    });
    await screen.findByText('Failed to fetch products');
  });

  it('uploads an image into the URL field; a failed upload is logged and explained on the field', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(uploadFile)
      .mockResolvedValueOnce({ imageUrl: '/api/file/products/sticker.webp' })
      .mockRejectedValueOnce(new UploadError('The file is too large (maximum 10MB)', 413));
    const { userEvent: user } = renderProducts({ 'products.list': () => [] });
    const form = await screen.findByRole('form', { name: 'New product' });
    const picker = form.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['x'], 'sticker.png', { type: 'image/png' });

    await user.upload(picker, file);
    const url = within(form).getByRole('textbox', { name: 'Image URL' }) as HTMLInputElement;
    await waitFor(() => expect(url.value).toBe('/api/file/products/sticker.webp'));
    expect(vi.mocked(uploadFile).mock.calls[0]?.[0]).toMatchObject({
      url: '/api/products/upload-image',
      fileField: 'image',
      file,
    });
    expect(within(form).getByRole('img', { name: 'Product image preview' }).getAttribute('src')).toBe(
      '/api/file/products/sticker.webp',
    );

    await user.upload(picker, file);
    await within(form).findByText('Failed to upload image: The file is too large (maximum 10MB)');
    expect(logged).toHaveBeenCalled();
    // Only logged: no toast.
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
