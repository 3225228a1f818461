import type { Car } from '@curbside/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderApp, setViewport } from '../../test/render';
import { type Handlers, ProcedureError } from '../../test/trpc-fake';
import { makeCar } from '../upload/test-car';

const admin = makeUser({ role: 'admin', username: 'boss' });
/** cars.page answering every car on one page. */
const onePage = (items: Car[]) => ({ items, nextCursor: null });

function renderCars(handlers: Handlers, path = '/admin') {
  return renderApp({ path, user: admin, handlers });
}

describe('Manage Cars', () => {
  it('lists the cars with owner, votes and the view and edit links', async () => {
    renderCars({ 'cars.page': () => onePage([makeCar({ totalVotes: 12, ownerName: 'Ana' })]) });
    const row = await screen.findByTestId('car-row');
    expect(within(row).getByText('Ana')).toBeTruthy();
    expect(within(row).getByText('12')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '1993 Mazda RX-7' }).getAttribute('href')).toBe('/cars/mazda-rx-7-1');
    expect(within(row).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/upload?edit=3');
  });

  it('asks for the newest page of cars and features a car with the switch', async () => {
    let car = makeCar();
    const { calls, userEvent: user } = renderCars({
      'cars.page': () => onePage([car]),
      'cars.update': (input) => {
        car = { ...car, featured: input.featured ?? car.featured };
        return car;
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Featured: 1993 Mazda RX-7' });
    const first = calls.find((c) => c.path === 'cars.page')?.input;
    expect(first).toMatchObject({ limit: 50 });
    expect(first).not.toHaveProperty('cursor');
    expect((toggle as HTMLInputElement).checked).toBe(false);

    await user.click(toggle);
    await screen.findByText('Success!');
    expect(screen.getByText('1993 Mazda RX-7 is now featured.')).toBeTruthy();
    expect(calls.find((c) => c.path === 'cars.update')?.input).toEqual({ id: 3, featured: true });
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Featured: 1993 Mazda RX-7' }) as HTMLInputElement).checked).toBe(
        true,
      ),
    );
  });

  it('pages past the first 50 cars by cursor with Next, and back with Previous', async () => {
    // 120 cars, newest first; a page's cursor is here the index of the next car, as text.
    const all = Array.from({ length: 120 }, (_, i) => makeCar({ id: 120 - i, slug: `car-${120 - i}` }));
    const { calls, userEvent: user } = renderCars({
      'cars.page': (input) => {
        const start = Number(input.cursor ?? 0);
        const next = start + Number(input.limit);
        return { items: all.slice(start, next), nextCursor: next < all.length ? String(next) : null };
      },
    });
    await waitFor(() => expect(screen.getAllByTestId('car-row')).toHaveLength(50));
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 2');
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 3');
    await waitFor(() => expect(screen.getAllByTestId('car-row')).toHaveLength(20));
    expect(calls.filter((c) => c.path === 'cars.page').at(-1)?.input).toMatchObject({ cursor: '100', limit: 50 });
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByText('Page 2');
    await waitFor(() => expect(screen.getAllByTestId('car-row')).toHaveLength(50));
  });

  it('says so when featuring fails and leaves the switch as it was', async () => {
    const { userEvent: user } = renderCars({
      'cars.page': () => onePage([makeCar()]),
      'cars.update': () => {
        throw new ProcedureError('FORBIDDEN', 'Admin access required');
      },
    });
    await user.click(await screen.findByRole('switch', { name: 'Featured: 1993 Mazda RX-7' }));
    await screen.findByText('Error updating car');
    expect(screen.getByText('Admin access required')).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Featured: 1993 Mazda RX-7' }) as HTMLInputElement).checked).toBe(false);
  });

  it('deletes a car only after confirmation', async () => {
    let cars: Car[] = [makeCar(), makeCar({ id: 4, slug: 'bmw-m3-2', make: 'BMW', model: 'M3', year: 1990 })];
    const { calls, userEvent: user } = renderCars({
      'cars.page': () => onePage(cars),
      'admin.cars.delete': (input) => {
        cars = cars.filter((c) => c.id !== input.id);
      },
    });
    const rows = await screen.findAllByTestId('car-row');
    await user.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete 1990 BMW M3?' });
    expect(within(dialog).getByText('This action cannot be undone.')).toBeTruthy();

    // Changing one's mind sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === 'admin.cars.delete')).toBe(false);

    await user.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete 1990 BMW M3?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Success!');
    expect(screen.getByText('1990 BMW M3 was deleted.')).toBeTruthy();
    expect(calls.find((c) => c.path === 'admin.cars.delete')?.input).toEqual({ id: 4 });
    await waitFor(() => expect(screen.getAllByTestId('car-row')).toHaveLength(1));
    expect(screen.queryByText('1990 BMW M3')).toBeNull();
  });

  it('shows a card per car on a phone, with every action of the row', async () => {
    setViewport(390);
    let car = makeCar({ totalVotes: 12, ownerName: 'Ana' });
    const { calls, userEvent: user } = renderCars({
      'cars.page': () => onePage([car]),
      'cars.update': (input) => {
        car = { ...car, featured: input.featured ?? car.featured };
        return car;
      },
    });
    const card = within(await screen.findByTestId('car-card'));
    // No table to scroll sideways: the row's cells are the card's lines, each figure labelled.
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByTestId('car-row')).toBeNull();
    expect(card.getByRole('link', { name: '1993 Mazda RX-7' }).getAttribute('href')).toBe('/cars/mazda-rx-7-1');
    expect(card.getByText('Ana')).toBeTruthy();
    expect(card.getByText('Votes').nextElementSibling?.textContent).toBe('12');
    expect(card.getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/cars/mazda-rx-7-1');
    expect(card.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/upload?edit=3');

    // The meet-card box picks the car for the download, as in the table.
    await user.click(card.getByRole('checkbox', { name: 'Meet card: 1993 Mazda RX-7' }));
    expect(screen.getByRole('link', { name: /\(1\)$/ }).getAttribute('href')).toContain('3');
    await user.click(card.getByRole('switch', { name: 'Featured: 1993 Mazda RX-7' }));
    await screen.findByText('1993 Mazda RX-7 is now featured.');
    expect(calls.find((c) => c.path === 'cars.update')?.input).toEqual({ id: 3, featured: true });
    await user.click(card.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('dialog', { name: 'Delete 1993 Mazda RX-7?' });
  });

  it('says when the cars cannot be loaded', async () => {
    renderCars({
      'cars.page': () => {
        throw new ProcedureError('INTERNAL_SERVER_ERROR', 'boom');
      },
    });
    await screen.findByText('Failed to fetch cars');
  });
});

describe('Submissions', () => {
  it('shows the 5 newest cars with owner, date and links', async () => {
    const cars = Array.from({ length: 7 }, (_, index) =>
      makeCar({
        id: 20 - index,
        slug: `car-${20 - index}`,
        model: `Model ${20 - index}`,
        ownerName: `Owner ${20 - index}`,
        createdAt: `2025-03-${String(20 - index).padStart(2, '0')}T12:00:00.000Z`,
      }),
    );
    renderCars({ 'cars.page': () => onePage(cars) }, '/admin?tab=submissions');
    const items = await screen.findAllByTestId('submission');
    expect(items).toHaveLength(5);
    const first = items[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: '1993 Mazda Model 20' }).getAttribute('href')).toBe('/cars/car-20');
    expect(within(first).getByText('by Owner 20')).toBeTruthy();
    expect(within(first).getByText('Submitted Mar 20, 2025')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/upload?edit=20');
    expect(within(first).getByRole('img', { name: '1993 Mazda Model 20' })).toBeTruthy();
    expect(screen.queryByText('1993 Mazda Model 15')).toBeNull();
  });
});
