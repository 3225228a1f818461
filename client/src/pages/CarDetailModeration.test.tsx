import { MESSAGES } from '@curbside/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCarDto } from '../components/cars/showcase-fixtures';
import { makeUser, renderApp } from '../test/render';
import { ProcedureError } from '../test/trpc-fake';

const M = MESSAGES.moderation;
const common = {
  'cars.top': () => [],
  'share.qrCode': () => ({ qrCode: 'data:image/png;base64,AAAA' }),
};

describe('reports and review on the car page', () => {
  it('lets a signed-in visitor report the photo shown, asking for words with Other, and says it was received', async () => {
    const car = makeCarDto(5, { make: 'Mazda', model: 'RX-7', ownerId: 99 });
    const { userEvent, calls } = renderApp({
      path: '/cars/car-5',
      user: makeUser(),
      handlers: {
        ...common,
        'cars.bySlug': () => car,
        'moderation.report': () => ({ id: 1, createdAt: car.createdAt }),
      },
    });
    await screen.findByRole('heading', { name: 'Mazda RX-7', level: 1 });
    // The report form loads after the page, for signed-in visitors only.
    await userEvent.click(await screen.findByRole('button', { name: M.report }));
    const dialog = await screen.findByRole('dialog', { name: M.reportTitle });
    await userEvent.click(within(dialog).getByRole('radio', { name: M.reportShownPhoto }));
    await userEvent.click(within(dialog).getByRole('radio', { name: M.reasons.other }));
    await userEvent.click(within(dialog).getByRole('button', { name: M.reportSend }));
    expect(await within(dialog).findByText(M.reportDetailsRequired)).toBeTruthy();
    expect(calls.some((call) => call.path === 'moderation.report')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(M.reportDetails), { target: { value: 'Seen on a dealer site' } });
    await userEvent.click(within(dialog).getByRole('button', { name: M.reportSend }));
    await screen.findByText(M.reportReceived.title);
    const shown = car.images.find((image) => image.isPrimary) ?? car.images[0];
    expect(calls.find((call) => call.path === 'moderation.report')?.input).toEqual({
      carId: 5,
      reason: 'other',
      details: 'Seen on a dealer site',
      imageId: shown?.id,
    });
  });

  it('offers no Report control to visitors who are not signed in', async () => {
    renderApp({
      path: '/cars/car-6',
      handlers: { ...common, 'cars.bySlug': () => makeCarDto(6, { make: 'Honda', model: 'NSX' }) },
    });
    await screen.findByRole('heading', { name: 'Honda NSX', level: 1 });
    expect(screen.queryByRole('button', { name: M.report })).toBeNull();
  });

  it("shows the owner their held car, marked as under review, where others get 'Car not found'", async () => {
    const owner = makeUser({ id: 42 });
    const car = makeCarDto(8, { make: 'Toyota', model: 'Supra', ownerId: 42, review: { state: 'held', note: null } });
    renderApp({
      path: '/cars/car-8',
      user: owner,
      handlers: {
        ...common,
        'cars.bySlug': () => {
          throw new ProcedureError('NOT_FOUND', 'Car not found');
        },
        'cars.owned': () => [car],
      },
    });
    await screen.findByRole('heading', { name: 'Toyota Supra', level: 1 });
    expect(screen.getByTestId('review-notice').textContent).toContain(M.ownerStatus.held);
    expect(screen.queryByRole('button', { name: M.report })).toBeNull();
  });

  it("shows an admin a suspended owner's held car with why the public cannot see it", async () => {
    const car = makeCarDto(9, {
      make: 'Nissan',
      model: 'Skyline',
      ownerId: 7,
      published: false,
      review: { state: 'held', note: null },
    });
    const { calls } = renderApp({
      path: '/cars/car-9',
      user: makeUser({ role: 'admin', id: 1 }),
      handlers: {
        ...common,
        'cars.bySlug': () => {
          throw new ProcedureError('NOT_FOUND', 'Car not found');
        },
        'cars.owned': () => [],
        'admin.cars.bySlug': () => ({ ...car, ownerSuspended: true }),
      },
    });
    await screen.findByRole('heading', { name: 'Nissan Skyline', level: 1 });
    const notice = screen.getByTestId('review-notice');
    expect(notice.textContent).toContain(M.adminView.title);
    expect(notice.textContent).toContain(M.adminView.held);
    expect(notice.textContent).toContain(M.adminView.ownerSuspended);
    // Not the owner's words ("Only you can see it"): the admin is told why the public cannot.
    expect(notice.textContent).not.toContain(M.ownerStatus.held);
    expect(calls.find((call) => call.path === 'admin.cars.bySlug')?.input).toEqual({ slug: 'car-9' });
  });

  it("gives another member 'Car not found' for a car that is not public, without asking the admin's call", async () => {
    const { calls } = renderApp({
      path: '/cars/car-10',
      user: makeUser({ id: 43 }),
      handlers: {
        ...common,
        'cars.bySlug': () => {
          throw new ProcedureError('NOT_FOUND', 'Car not found');
        },
        'cars.owned': () => [],
      },
    });
    await screen.findByRole('heading', { name: MESSAGES.carDetail.notFound, level: 1 });
    expect(screen.queryByTestId('review-notice')).toBeNull();
    expect(calls.some((call) => call.path === 'admin.cars.bySlug')).toBe(false);
  });
});
