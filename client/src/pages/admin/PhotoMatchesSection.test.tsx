import { MESSAGES, type PhotoMatch, type PhotoMatchPage } from '@curbside/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderApp } from '../../test/render';
import type { Handlers } from '../../test/trpc-fake';

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

const R = MESSAGES.moderation;
const none: PhotoMatchPage = { items: [], nextCursor: null };

/** The Review tab with an empty queue and the one open flag, which `settle` (the action's handler) takes away. */
function renderReview(action: (settle: () => void) => Handlers) {
  let open: PhotoMatchPage = { items: [flag], nextCursor: null };
  return renderApp({
    path: '/admin?tab=review',
    user: admin,
    handlers: {
      'admin.moderation.queue': () => [],
      'admin.moderation.setAside': () => [],
      'admin.moderation.actions': () => [],
      'admin.photoMatches.list': (input) => (input.status === 'open' ? open : none),
      ...action(() => {
        open = none;
      }),
    },
  });
}

describe("Review tab's copied photos", () => {
  it('shows each flagged photo beside the one it looks like, and dismisses it', async () => {
    const { calls, userEvent: user } = renderReview((settle) => ({
      'admin.photoMatches.dismiss': () => {
        settle();
        return { ...flag, dismissedAt: '2026-11-22T10:00:00.000Z' };
      },
    }));
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

  it("removes the flagged photo through the queue's action, only with a note, and the flag goes with it", async () => {
    const { calls, userEvent: user } = renderReview((settle) => ({
      'admin.moderation.act': (input) => {
        settle();
        return {
          id: 3,
          action: input.action,
          carId: 20,
          carName: '1994 Toyota Supra',
          imageId: input.imageId ?? null,
          note: input.note,
          adminName: 'boss',
          createdAt: '2026-11-22T10:00:00.000Z',
        };
      },
    }));
    expect(await screen.findByRole('heading', { name: 'Possibly Copied Photos' })).toBeTruthy();
    const c = within(await screen.findByTestId('photo-match'));
    await user.click(c.getByRole('button', { name: R.actionLabels.removePhoto }));
    expect(await c.findByText(R.noteRequired)).toBeTruthy();
    expect(calls.some((call) => call.path === 'admin.moderation.act')).toBe(false);

    fireEvent.change(c.getByLabelText(R.note), { target: { value: "Ana's photo, not yours" } });
    await user.click(c.getByRole('button', { name: R.actionLabels.removePhoto }));
    await screen.findByText(R.actionDone.removePhoto);
    expect(calls.find((call) => call.path === 'admin.moderation.act')?.input).toEqual({
      carId: 20,
      action: 'removePhoto',
      imageId: 2,
      note: "Ana's photo, not yours",
    });
    await waitFor(() => expect(screen.queryByTestId('photo-match')).toBeNull());
    expect(screen.getByText('No photo looks copied.')).toBeTruthy();
  });
});
