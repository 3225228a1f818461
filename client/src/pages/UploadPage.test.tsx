import { screen, within } from '@testing-library/react';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, renderApp } from '../test/render';
import { ProcedureError } from '../test/trpc-fake';
import { makeCar } from './upload/test-car';

// The pages are lazy-loaded: load their code once up front so the first test does not spend its wait on it.
beforeAll(async () => {
  await Promise.all([import('./UploadPage')]);
}, 30_000);

describe('UploadPage', () => {
  it('names every missing field with the part 2 §5 messages and asks for photos before creating anything', async () => {
    const { userEvent, calls } = renderApp({ path: '/upload', user: makeUser() });
    await screen.findByRole('heading', { name: 'Submit Your Car' });
    expect(screen.getByText('Max file size 50MB, images only, multiple allowed')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Car' }));
    for (const message of [
      'Make is required',
      'Model is required',
      'Year is required',
      'Category is required',
      'You must agree to the legal terms to upload your car',
    ]) {
      await screen.findByText(message);
    }
    await userEvent.type(screen.getByLabelText(/^Make/), 'Mazda');
    await userEvent.type(screen.getByLabelText(/^Model/), 'RX-7');
    await userEvent.type(screen.getByLabelText(/^Year/), '1993');
    await userEvent.selectOptions(screen.getByLabelText(/^Category/), 'JDM');
    await userEvent.click(screen.getByRole('checkbox', { name: /I confirm that I own this car/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Car' }));
    await screen.findByText('Please upload at least one image of your car.');
    expect(calls.some((c) => c.path === 'cars.create')).toBe(false);
  });

  it('fills the edit form from the car and lists its photos with the primary marked', async () => {
    renderApp({ path: '/upload?edit=3', user: makeUser(), handlers: { 'cars.byId': () => makeCar() } });
    await screen.findByRole('heading', { name: 'Edit Your Car' });
    expect((screen.getByLabelText(/^Engine/) as HTMLInputElement).value).toBe('13B-REW');
    expect((screen.getByLabelText(/^Horsepower/) as HTMLInputElement).value).toBe('255');
    expect((screen.getByLabelText('Modified') as HTMLInputElement).checked).toBe(true);
    const [primary, other, ...rest] = screen.getAllByTestId('existing-image');
    expect(rest).toHaveLength(0);
    assert(primary && other);
    expect(within(primary).getByText('Primary')).toBeTruthy();
    expect(within(other).getByRole('button', { name: 'Make Primary' })).toBeTruthy();
  });

  it('reports an image already removed on the server as a note', async () => {
    const { userEvent } = renderApp({
      path: '/upload?edit=3',
      user: makeUser(),
      handlers: {
        'cars.byId': () => makeCar(),
        'images.delete': () => {
          throw new ProcedureError('NOT_FOUND', 'Image not found');
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete photo 2' }));
    await screen.findByText('Note: Image already removed or not found on the server');
  });

  it("refuses to edit someone else's car", async () => {
    renderApp({ path: '/upload?edit=3', user: makeUser(), handlers: { 'cars.byId': () => makeCar({ ownerId: 99 }) } });
    await screen.findByText('You can only edit your own cars');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
  });

  it('names a refused file in plain words, not its MIME type, and a year too far ahead with the range', async () => {
    const { userEvent } = renderApp({ path: '/upload', user: makeUser() });
    await screen.findByRole('heading', { name: 'Submit Your Car' });
    // The browser's own file dialog would hide the file; a drag and drop does not, so the picker itself must refuse.
    const picker = userEvent.setup({ applyAccept: false });
    const input = document.querySelector<HTMLInputElement>('input[type=file][name=photos]');
    assert(input);
    await picker.upload(input, new File(['%PDF-1.4'], 'registration.pdf', { type: 'application/pdf' }));
    await screen.findByText('Some files were not added');
    expect(
      screen.getByText('registration.pdf is not a photo we can use. Choose a JPEG, PNG, WebP, GIF or AVIF image.'),
    ).toBeTruthy();
    expect(screen.queryByText(/image\/jpeg/)).toBeNull();

    await userEvent.type(screen.getByLabelText(/^Year/), '3025');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Car' }));
    await screen.findByText(`Enter a year between 1886 and ${new Date().getFullYear() + 1}`);
  });
});

describe('UploadPage photo check', () => {
  const jpegHead = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]);

  it('refuses a text file named .jpg by its content, with a plain message, and keeps the real photo', async () => {
    const { userEvent, calls } = renderApp({ path: '/upload', user: makeUser() });
    await screen.findByRole('heading', { name: 'Submit Your Car' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    assert(input);
    await userEvent.upload(input, [
      new File(['this is a text file, not a photo'], 'notes.jpg', { type: 'image/jpeg' }),
      new File([jpegHead], 'front.jpg', { type: 'image/jpeg' }),
    ]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Some files were not added')).toBeTruthy();
    expect(
      within(alert).getByText('notes.jpg is not a photo we can use. Choose a JPEG, PNG, WebP, GIF or AVIF image.'),
    ).toBeTruthy();
    const pending = await screen.findAllByTestId('pending-photo');
    expect(pending).toHaveLength(1);
    expect(within(pending[0] as HTMLElement).getByText(/front\.jpg/)).toBeTruthy();
    expect(calls.some((c) => c.path === 'cars.create')).toBe(false);
  });

  it('shows its owner a car without a photo yet, saying nobody else sees it until one is added', async () => {
    renderApp({
      path: '/upload?edit=3',
      user: makeUser(),
      handlers: {
        'cars.byId': () => {
          throw new ProcedureError('NOT_FOUND', 'Car not found');
        },
        'cars.owned': () => [makeCar({ published: false, images: [] })],
      },
    });
    await screen.findByRole('heading', { name: 'Edit Your Car' });
    expect(await screen.findByText('Not public yet')).toBeTruthy();
    expect(
      screen.getByText(
        'Your car is saved, but only you can see it until it has a photo. Add at least one photo and save.',
      ),
    ).toBeTruthy();
  });
});
