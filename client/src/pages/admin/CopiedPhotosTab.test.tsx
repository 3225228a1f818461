import type { PhotoMatch, PhotoMatchPage } from '@curbside/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderApp } from '../../test/render';

const admin = makeUser({ role: 'admin', username: 'boss' });

const photo = (imageId: number, title: string, username: string) => ({
  imageId,
  url: `/api/file/cars/${imageId}-w800.webp`,
  uploadedAt: '2026-11-20T10:00:00.000Z',
  car: { id: imageId * 10, slug: `car-${imageId}`, title },
  owner: { id: imageId * 100, username, name: null },
});
const flag: PhotoMatch = {
  id: 7,
  distance: 3,
  createdAt: '2026-11-21T10:00:00.000Z',
  dismissedAt: null,
  photo: photo(2, '1994 Toyota Supra', 'copycat'),
  matched: photo(1, '1993 Mazda RX-7', 'ana'),
};

describe('Copied photos tab', () => {
  it('shows each flagged photo beside the one it looks like, and dismisses it', async () => {
    let open: PhotoMatchPage = { items: [flag], nextCursor: null };
    const { calls, userEvent: user } = renderApp({
      path: '/admin?tab=copied-photos',
      user: admin,
      handlers: {
        'admin.photoMatches.list': (input) => (input.status === 'open' ? open : { items: [], nextCursor: null }),
        'admin.photoMatches.dismiss': () => {
          open = { items: [], nextCursor: null };
          return { ...flag, dismissedAt: '2026-11-22T10:00:00.000Z' };
        },
      },
    });
    const card = await screen.findByTestId('photo-match');
    const c = within(card);
    expect(c.getByText("May be someone else's photo")).toBeTruthy();
    expect(c.getByText('3 of 64 hash bits differ')).toBeTruthy();
    expect(c.getByRole('img', { name: 'New photo: 1994 Toyota Supra' }).getAttribute('src')).toBe(flag.photo.url);
    expect(c.getByRole('img', { name: 'Earlier photo: 1993 Mazda RX-7' }).getAttribute('src')).toBe(flag.matched.url);
    expect(c.getByText('Owner: copycat')).toBeTruthy();
    expect(c.getByText('Owner: ana')).toBeTruthy();

    await user.click(c.getByRole('button', { name: 'Dismiss' }));
    await screen.findByText('The flag was dismissed.');
    expect(calls.find((call) => call.path === 'admin.photoMatches.dismiss')?.input).toEqual({ id: 7 });
    await waitFor(() => expect(screen.queryByTestId('photo-match')).toBeNull());
    expect(screen.getByText('No photo looks copied.')).toBeTruthy();
  });
});
