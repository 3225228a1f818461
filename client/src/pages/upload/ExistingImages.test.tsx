import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderApp } from '../../test/render';
import { makeCar } from './test-car';

describe('the photos of a car being edited', () => {
  it('keeps Delete off the primary photo while there are others, and says why', async () => {
    const { userEvent, calls } = renderApp({
      path: '/upload?edit=3',
      user: makeUser(),
      handlers: { 'cars.byId': () => makeCar(), 'images.delete': () => undefined },
    });
    const primaryDelete = (await screen.findByRole('button', { name: 'Delete photo 1' })) as HTMLButtonElement;
    expect(primaryDelete.disabled).toBe(true);
    expect(primaryDelete.getAttribute('aria-describedby')).toBeTruthy();
    const reason = document.getElementById(primaryDelete.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('Choose another primary image before deleting this one');
    expect(screen.getAllByText('Choose another primary image before deleting this one')).toHaveLength(1);

    const otherDelete = screen.getByRole('button', { name: 'Delete photo 2' }) as HTMLButtonElement;
    expect(otherDelete.disabled).toBe(false);
    await userEvent.click(otherDelete);
    expect(calls.find((call) => call.path === 'images.delete')?.input).toEqual({ id: 12 });
  });

  it('lets the last photo go, primary or not (the server allows it)', async () => {
    const [only] = makeCar().images;
    renderApp({
      path: '/upload?edit=3',
      user: makeUser(),
      handlers: { 'cars.byId': () => makeCar({ images: only ? [only] : [] }) },
    });
    const del = (await screen.findByRole('button', { name: 'Delete photo 1' })) as HTMLButtonElement;
    expect(del.disabled).toBe(false);
    expect(screen.queryByText('Choose another primary image before deleting this one')).toBeNull();
  });
});
