import { MESSAGES, type ReviewActionRecord, type ReviewQueueItem } from '@curbside/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderApp } from '../../test/render';

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
});
