import { MESSAGES, type ReviewActionRecord, type ReviewQueueItem, SUSPENSION_MESSAGES } from '@curbside/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { assert, describe, expect, it } from 'vitest';
import { makeUser, renderApp, setViewport } from '../../test/render';
import { ProcedureError } from '../../test/trpc-fake';

const M = MESSAGES.moderation;

const reportedPhoto: ReviewQueueItem = {
  key: 'photo-4-11',
  kind: 'flags',
  car: {
    id: 4,
    slug: 'mazda-rx-7',
    name: '1993 Mazda RX-7',
    ownerName: 'Sam',
    reviewState: 'held',
    previewUrl: '/api/file/cars/4/a-w400.webp',
  },
  photo: { id: 11, url: '/api/file/cars/4/b-w400.webp' },
  count: 3,
  reasons: [
    { reason: 'notTheirPhoto', count: 2 },
    { reason: 'other', count: 1 },
  ],
  details: ['Same photo on a dealer site'],
  kinds: ['report'],
  changed: [],
  since: '2026-11-20T10:00:00.000Z',
};

const recorded: ReviewActionRecord = {
  id: 1,
  action: 'hide',
  carId: 9,
  carName: '1999 Nissan Skyline',
  imageId: null,
  note: 'A model car',
  adminName: 'Boss',
  createdAt: '2026-11-19T10:00:00.000Z',
};

describe('Review tab', () => {
  it('shows a reported item with its count, reasons and words, and acts on it only with a note', async () => {
    const { calls, userEvent: user } = renderApp({
      path: '/admin?tab=review',
      user: makeUser({ role: 'admin' }),
      handlers: {
        'admin.moderation.queue': () => [reportedPhoto],
        'admin.moderation.actions': () => [recorded],
        'admin.moderation.setAside': () => [],
        'admin.photoMatches.list': () => ({ items: [], nextCursor: null }),
        'admin.moderation.act': (input) => ({ ...recorded, id: 2, action: input.action, note: input.note }),
      },
    });
    const item = within(await screen.findByTestId('review-item'));
    expect(item.getByText(/reported by 3 users/)).toBeTruthy();
    expect(item.getByText(`${M.reasons.notTheirPhoto} × 2`)).toBeTruthy();
    expect(item.getByText('“Same photo on a dealer site”')).toBeTruthy();
    expect(within(await screen.findByTestId('review-action')).getByText('A model car')).toBeTruthy();

    await user.click(item.getByRole('button', { name: M.actionLabels.removePhoto }));
    expect(await item.findByText(M.noteRequired)).toBeTruthy();
    expect(calls.some((c) => c.path === 'admin.moderation.act')).toBe(false);

    fireEvent.change(item.getByLabelText(M.note), { target: { value: 'Taken from a magazine' } });
    await user.click(item.getByRole('button', { name: M.actionLabels.removePhoto }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'admin.moderation.act')?.input).toEqual({
        carId: 4,
        action: 'removePhoto',
        imageId: 11,
        note: 'Taken from a magazine',
      }),
    );
    await screen.findByText(M.actionDone.removePhoto);
  });

  it("suspends a car's owner with the note, and shows the server's refusal of an admin owner", async () => {
    const ofAdmin: ReviewQueueItem = {
      ...reportedPhoto,
      key: 'car-5',
      car: { ...reportedPhoto.car, id: 5, slug: 'bmw-m3', name: '1988 BMW M3', ownerName: 'Boss' },
      photo: null,
    };
    const { calls, userEvent: user } = renderApp({
      path: '/admin?tab=review',
      user: makeUser({ role: 'admin' }),
      handlers: {
        'admin.moderation.queue': () => [reportedPhoto, ofAdmin],
        'admin.moderation.actions': () => [],
        'admin.moderation.setAside': () => [],
        'admin.photoMatches.list': () => ({ items: [], nextCursor: null }),
        'admin.moderation.act': (input) => {
          if (input.carId === 5) throw new ProcedureError('CONFLICT', SUSPENSION_MESSAGES.cannotSuspendAdmin);
          return { ...recorded, id: 2, carId: 4, action: input.action, note: input.note };
        },
      },
    });
    const [photoItem, adminItem] = (await screen.findAllByTestId('review-item')).map((el) => within(el));
    assert(photoItem && adminItem);

    // The same note as every action: required before anything is sent.
    await user.click(photoItem.getByRole('button', { name: M.actionLabels.suspendOwner }));
    expect(await photoItem.findByText(M.noteRequired)).toBeTruthy();
    expect(calls.some((c) => c.path === 'admin.moderation.act')).toBe(false);

    fireEvent.change(adminItem.getByLabelText(M.note), { target: { value: 'Spam' } });
    await user.click(adminItem.getByRole('button', { name: M.actionLabels.suspendOwner }));
    expect(await screen.findByText(SUSPENSION_MESSAGES.cannotSuspendAdmin)).toBeTruthy();

    fireEvent.change(photoItem.getByLabelText(M.note), { target: { value: 'Steals photos' } });
    await user.click(photoItem.getByRole('button', { name: M.actionLabels.suspendOwner }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'admin.moderation.act').at(-1)?.input).toEqual({
        carId: 4,
        action: 'suspendOwner',
        imageId: 11,
        note: 'Steals photos',
      }),
    );
    await screen.findByText(M.actionDone.suspendOwner);
  });

  it('labels an edited car as an edit and says what changed, and a new car as new', async () => {
    const waiting = (id: number, kind: 'newCar' | 'edit', changed: ReviewQueueItem['changed']): ReviewQueueItem => ({
      ...reportedPhoto,
      key: `${kind}-${id}`,
      kind,
      car: { ...reportedPhoto.car, id, slug: `car-${id}`, name: `Car ${id}`, reviewState: 'pending' },
      photo: null,
      count: 0,
      reasons: [],
      details: [],
      kinds: [],
      changed,
    });
    renderApp({
      path: '/admin?tab=review',
      user: makeUser({ role: 'admin' }),
      handlers: {
        'admin.moderation.queue': () => [waiting(5, 'edit', ['story', 'photos']), waiting(6, 'newCar', [])],
        'admin.moderation.actions': () => [],
        'admin.moderation.setAside': () => [],
        'admin.photoMatches.list': () => ({ items: [], nextCursor: null }),
      },
    });
    const [edited, added] = (await screen.findAllByTestId('review-item')).map((element) => within(element));
    assert(edited && added);
    expect(edited.getByText(/Edited car waiting for approval/)).toBeTruthy();
    expect(edited.queryByText(/New car waiting for approval/)).toBeNull();
    expect(edited.getByTestId('review-changed').textContent).toBe('Changed: story, photos');
    expect(edited.getByRole('button', { name: M.actionLabels.approve })).toBeTruthy();
    expect(edited.getByRole('button', { name: M.actionLabels.reject })).toBeTruthy();
    expect(added.getByText(/New car waiting for approval/)).toBeTruthy();
    expect(added.queryByTestId('review-changed')).toBeNull();
  });

  it('shows each recorded action as a card on a phone, with nothing to scroll sideways', async () => {
    setViewport(390);
    renderApp({
      path: '/admin?tab=review',
      user: makeUser({ role: 'admin' }),
      handlers: {
        'admin.moderation.queue': () => [],
        'admin.moderation.actions': () => [recorded, { ...recorded, id: 2, action: 'dismiss', adminName: null }],
        'admin.moderation.setAside': () => [],
        'admin.photoMatches.list': () => ({ items: [], nextCursor: null }),
      },
    });
    const [hidden, dismissed] = await screen.findAllByTestId('review-action');
    assert(hidden && dismissed);
    // The axe rule scrollable-region-focusable found the table's scroll box at 390 px: no table, no scroll box.
    expect(screen.queryByRole('table', { name: M.actionsTitle })).toBeNull();
    const card = within(hidden);
    expect(card.getByText(M.actionLabels.hide)).toBeTruthy();
    expect(card.getByText('Car').nextElementSibling?.textContent).toBe('1999 Nissan Skyline');
    expect(card.getByText('Admin').nextElementSibling?.textContent).toBe('Boss');
    expect(card.getByText('A model car')).toBeTruthy();
    expect(within(dismissed).getByText('Admin').nextElementSibling?.textContent).toBe('—');
  });
});
