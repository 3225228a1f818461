import { type Advertisement, advertisementUpdateInputSchema, defaultAdPeriod } from '@curbside/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, assert, describe, expect, it, vi } from 'vitest';
import { UploadError, uploadFile } from '../../components/upload/upload-file';
import { makeUser, renderApp } from '../../test/render';
import { type Handlers, ProcedureError } from '../../test/trpc-fake';
import { makeAd } from './test-fixtures';

vi.mock('../../components/upload/upload-file', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../components/upload/upload-file')>()),
  uploadFile: vi.fn(),
}));

afterEach(() => vi.mocked(uploadFile).mockReset());

const admin = makeUser({ role: 'admin', username: 'boss' });

function renderAds(handlers: Handlers) {
  return renderApp({ path: '/admin?tab=ads', user: admin, handlers });
}

/** The file field inside Mantine's FileInput (the visible control is a labelled button that opens it). */
const picker = (form: HTMLElement) =>
  within(form).getByLabelText('Upload image', { selector: 'input[type="file"]' }) as HTMLInputElement;
const imageUrlField = (form: HTMLElement) =>
  within(form).getByRole('textbox', { name: /^Image URL/ }) as HTMLInputElement;

describe('Advertisements tab', () => {
  it('lists every ad with its type, period and whether it shows today', async () => {
    renderAds({
      'admin.ads.list': () => [
        makeAd({ ...defaultAdPeriod() }),
        makeAd({ id: 9, name: 'Old Tyre Sale', type: 'column', startDate: '2024-01-01', endDate: '2024-02-01' }),
      ],
    });
    const rows = await screen.findAllByTestId('ad-row');
    const [current, expired] = rows.map((row) => within(row as HTMLElement));
    expect(current?.getByText('Showing now')).toBeTruthy();
    expect(expired?.getByText('column')).toBeTruthy();
    expect(expired?.getByText('2024-01-01 – 2024-02-01')).toBeTruthy();
    expect(expired?.getByText('Not showing')).toBeTruthy();
  });

  it('starts with a 30-day period from today and shows the size guidance of the chosen type', async () => {
    const { userEvent: user } = renderAds({ 'admin.ads.list': () => [] });
    const form = await screen.findByRole('form', { name: 'New advertisement' });
    const { startDate, endDate } = defaultAdPeriod();
    expect((within(form).getByLabelText(/^Start date/) as HTMLInputElement).value).toBe(startDate);
    expect((within(form).getByLabelText(/^End date/) as HTMLInputElement).value).toBe(endDate);
    expect((within(form).getByRole('switch', { name: 'Active' }) as HTMLInputElement).checked).toBe(true);

    const type = within(form).getByRole('combobox', { name: /^Type/ });
    await user.selectOptions(type, 'banner');
    expect(within(form).getByText(/728x90 or 970x250 px/)).toBeTruthy();
    await user.selectOptions(type, 'column');
    expect(within(form).getByText(/120x600 px/)).toBeTruthy();
  });

  it('refuses to save without an image ("Image Required") or with bad fields, sending nothing', async () => {
    const { calls, userEvent: user } = renderAds({ 'admin.ads.list': () => [] });
    const form = await screen.findByRole('form', { name: 'New advertisement' });
    await user.type(within(form).getByRole('textbox', { name: /^Link URL/ }), 'detailing.example.com');
    await user.click(within(form).getByRole('button', { name: 'Create Advertisement' }));

    await screen.findByText('Image Required');
    expect(screen.getByText('Please upload an image or provide an image URL.')).toBeTruthy();
    expect(within(form).getByText('Advertisement name is required')).toBeTruthy();
    expect(within(form).getByText('Please select advertisement type')).toBeTruthy();
    expect(within(form).getByText('Please enter a valid URL starting with http:// or https://')).toBeTruthy();
    expect(calls.some((c) => c.path === 'admin.ads.create')).toBe(false);
  });

  it('uploads the picture with its type, then creates the ad', async () => {
    vi.mocked(uploadFile).mockResolvedValueOnce({ url: '/api/file/ads/banner-1.webp' });
    let ads: Advertisement[] = [];
    const { calls, userEvent: user } = renderAds({
      'admin.ads.list': () => ads,
      'admin.ads.create': (input) => {
        const created = makeAd({ ...input, id: 12 });
        ads = [created];
        return created;
      },
    });
    const form = await screen.findByRole('form', { name: 'New advertisement' });
    // A styled, labelled picker rather than the browser's bare "Choose File" input.
    expect(within(form).getByRole('button', { name: /^Upload image/ }).textContent).toContain('Choose an image file');
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Wrap Shop');
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Type/ }), 'banner');
    const file = new File(['x'], 'wrap.png', { type: 'image/png' });
    await user.upload(picker(form), file);
    await waitFor(() => expect(imageUrlField(form).value).toBe('/api/file/ads/banner-1.webp'));
    expect(vi.mocked(uploadFile).mock.calls[0]?.[0]).toMatchObject({
      url: '/api/upload/advertisement',
      fileField: 'image',
      file,
      fields: { type: 'banner' },
    });
    await user.type(within(form).getByRole('textbox', { name: /^Link URL/ }), 'https://wraps.example.com');
    await user.click(within(form).getByRole('button', { name: 'Create Advertisement' }));

    await screen.findByText('Success!');
    expect(calls.find((c) => c.path === 'admin.ads.create')?.input).toEqual({
      name: 'Wrap Shop',
      description: null,
      type: 'banner',
      imageUrl: '/api/file/ads/banner-1.webp',
      linkUrl: 'https://wraps.example.com',
      ...defaultAdPeriod(),
      active: true,
    });
    await within(await screen.findByTestId('ad-row')).findByText('Wrap Shop');
  });

  it('asks for the type before uploading, and shows the server reason when an upload is refused', async () => {
    vi.mocked(uploadFile).mockRejectedValueOnce(new UploadError('Only image files are allowed', 400));
    const { userEvent: user } = renderAds({ 'admin.ads.list': () => [] });
    const form = await screen.findByRole('form', { name: 'New advertisement' });
    const file = new File(['x'], 'wrap.png', { type: 'image/png' });

    await user.upload(picker(form), file);
    await within(form).findByText('Please select advertisement type');
    expect(uploadFile).not.toHaveBeenCalled();

    await user.selectOptions(within(form).getByRole('combobox', { name: /^Type/ }), 'column');
    await user.upload(picker(form), file);
    await within(form).findByText('Failed to upload image: Only image files are allowed');
    expect(imageUrlField(form).value).toBe('');
  });

  it('refuses an end date before the start date', async () => {
    const { calls, userEvent: user } = renderAds({ 'admin.ads.list': () => [] });
    const form = await screen.findByRole('form', { name: 'New advertisement' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Wrap Shop');
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Type/ }), 'banner');
    await user.type(imageUrlField(form), 'https://images.example.com/wrap.jpg');
    await user.type(within(form).getByRole('textbox', { name: /^Link URL/ }), 'https://wraps.example.com');
    fireEvent.change(within(form).getByLabelText(/^End date/), { target: { value: '2020-01-01' } });
    await user.click(within(form).getByRole('button', { name: 'Create Advertisement' }));
    await within(form).findByText('End date must be on or after the start date');
    expect(calls.some((c) => c.path === 'admin.ads.create')).toBe(false);
  });

  it('edits an ad, switches one off and deletes after confirmation', async () => {
    let ads = [makeAd()];
    const { calls, userEvent: user } = renderAds({
      'admin.ads.list': () => ads,
      'admin.ads.update': (input) => {
        ads = ads.map((ad) => ({ ...ad, ...advertisementUpdateInputSchema.parse(input) }));
        const [updated] = ads;
        assert(updated);
        return updated;
      },
      'admin.ads.delete': () => {
        ads = [];
      },
    });
    await user.click(within(await screen.findByTestId('ad-row')).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit advertisement' });
    expect((within(form).getByLabelText(/^Start date/) as HTMLInputElement).value).toBe('2026-11-01');
    const link = within(form).getByRole('textbox', { name: /^Link URL/ });
    await user.clear(link);
    await user.type(link, 'https://detailing.example.com/winter');
    await user.click(within(form).getByRole('button', { name: 'Update Advertisement' }));
    await screen.findByText('Success!');
    expect(calls.find((c) => c.path === 'admin.ads.update')?.input).toMatchObject({
      id: 8,
      linkUrl: 'https://detailing.example.com/winter',
      startDate: '2026-11-01',
      endDate: '2026-12-01',
    });

    await user.click(await screen.findByRole('switch', { name: 'Active: Detailing Co.' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'admin.ads.update').at(-1)?.input).toEqual({ id: 8, active: false }),
    );

    await user.click(within(screen.getByTestId('ad-row')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Detailing Co.?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('ad-row')).toBeNull());
    expect(calls.find((c) => c.path === 'admin.ads.delete')?.input).toEqual({ id: 8 });
  });

  it('says when the advertisements cannot be loaded', async () => {
    renderAds({
      'admin.ads.list': () => {
        throw new ProcedureError('INTERNAL_SERVER_ERROR', 'boom');
      },
    });
    await screen.findByText('Failed to fetch advertisements');
  });
});
