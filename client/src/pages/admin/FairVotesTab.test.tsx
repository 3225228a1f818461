import type { FairVoteCar, FairVoteReview, VoteVoid, VoteVoidResult } from '@curbside/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderApp, setViewport } from '../../test/render';

const admin = makeUser({ role: 'admin', username: 'boss' });
const BLOCK = 'a1b2c3d4e5f6'.padEnd(64, '0');
const OTHER = 'ffeeddccbbaa'.padEnd(64, '1');

const car: FairVoteCar = {
  carId: 7,
  rank: 1,
  name: '1993 Mazda RX-7',
  slug: '1993-mazda-rx-7',
  ownerName: 'Rui',
  votes: 40,
  voidedVotes: 0,
  byDay: [{ day: '2026-11-27', votes: 40, hours: [{ hour: 3, votes: 40 }] }],
  busiestBlocks: [
    { block: BLOCK, votes: 30 },
    { block: OTHER, votes: 10 },
  ],
  busiestBlocksShare: 1,
  unknownBlockVotes: 0,
  cardEvents: [],
  cardShare: 0,
  firstSeenVotes: 36,
  firstSeenShare: 0.9,
};
const review: FairVoteReview = { month: '2026-11', cars: [car] };
const voided: VoteVoid = {
  id: 3,
  carId: 7,
  carName: car.name,
  blocks: [BLOCK],
  from: '2026-11-01T05:00:00.000Z',
  to: '2026-11-28T12:00:00.000Z',
  votes: 30,
  note: 'One network at 3 AM',
  voidedBy: 'boss',
  voidedAt: '2026-11-28T12:00:00.000Z',
  restoredBy: null,
  restoredAt: null,
  restoreNote: null,
};

describe('Fair Votes tab', () => {
  it("shows the month's shares and voids the chosen block with a note", async () => {
    const { calls, userEvent: user } = renderApp({
      path: '/admin?tab=fair-votes',
      user: admin,
      handlers: {
        'admin.fairVotes.review': () => review,
        'admin.fairVotes.voids': () => [],
        'admin.fairVotes.void': (): VoteVoidResult => ({ void: voided, totalVotes: 10, monthVotes: 10 }),
      },
    });
    await screen.findByRole('heading', { name: 'Fair-Vote Review: Top 20 of November 2026' });
    const row = (await screen.findAllByTestId('fair-vote-car'))[0];
    expect(row?.textContent).toContain('1993 Mazda RX-7');
    expect(row?.textContent).toContain('100%');
    expect(row?.textContent).toContain('90%');
    await screen.findByText('No votes have been voided.');

    await user.click(screen.getByRole('button', { name: 'Void votes: 1993 Mazda RX-7' }));
    const form = await screen.findByRole('form', { name: 'Void votes for 1993 Mazda RX-7' });
    const f = within(form);
    await user.click(f.getByRole('button', { name: 'Void' }));
    await f.findByText('Choose at least one address block.');
    expect(f.getByText('Say why these votes are voided.')).toBeTruthy();

    await user.click(f.getByRole('checkbox', { name: /a1b2c3d4e5f6/ }));
    await user.type(f.getByRole('textbox', { name: /Note/ }), 'One network at 3 AM');
    await user.click(f.getByRole('button', { name: 'Void' }));
    await screen.findByText('30 votes for 1993 Mazda RX-7 no longer count.');
    const sent = calls.find((c) => c.path === 'admin.fairVotes.void')?.input as Record<string, unknown>;
    expect(sent).toMatchObject({ carId: 7, blocks: [BLOCK], note: 'One network at 3 AM' });
    // The window starts at the month's first minute in Central time (05:00 UTC in November).
    expect(sent.from).toBe('2026-11-01T05:00:00.000Z');
    await waitFor(() => expect(calls.filter((c) => c.path === 'admin.fairVotes.review').length).toBeGreaterThan(1));
  });

  it('lists a void and restores it', async () => {
    const { calls, userEvent: user } = renderApp({
      path: '/admin?tab=fair-votes',
      user: admin,
      handlers: {
        'admin.fairVotes.review': () => review,
        'admin.fairVotes.voids': () => [voided],
        'admin.fairVotes.restore': (): VoteVoidResult => ({
          void: { ...voided, restoredBy: 'boss', restoredAt: '2026-11-28T13:00:00.000Z' },
          totalVotes: 40,
          monthVotes: 40,
        }),
      },
    });
    const entry = await screen.findByTestId('vote-void');
    expect(entry.textContent).toContain('One network at 3 AM');
    await user.click(within(entry).getByRole('button', { name: 'Restore' }));
    await screen.findByText('30 votes for 1993 Mazda RX-7 count again.');
    expect(calls.find((c) => c.path === 'admin.fairVotes.restore')?.input).toEqual({ id: 3 });
  });

  it('shows cards instead of the tables on a phone, every figure labelled, with the same actions', async () => {
    setViewport(390);
    const { userEvent: user } = renderApp({
      path: '/admin?tab=fair-votes',
      user: admin,
      handlers: {
        'admin.fairVotes.review': () => review,
        'admin.fairVotes.voids': () => [voided],
      },
    });
    const card = await screen.findByTestId('fair-vote-car');
    // No table to clip: each figure is a labelled value in the card.
    expect(screen.queryAllByRole('table')).toHaveLength(0);
    const c = within(card);
    expect(c.getByText('1. 1993 Mazda RX-7')).toBeTruthy();
    expect(c.getByText('Ten busiest blocks').nextElementSibling?.textContent).toBe('100%');
    expect(c.getByText('Addresses first seen that day').nextElementSibling?.textContent).toBe('90%');
    const entry = within(await screen.findByTestId('vote-void'));
    expect(entry.getByText('30 votes voided')).toBeTruthy();
    expect(entry.getByText('One network at 3 AM')).toBeTruthy();
    expect(entry.getByRole('button', { name: 'Restore' })).toBeTruthy();
    await user.click(c.getByRole('button', { name: 'Void votes: 1993 Mazda RX-7' }));
    await screen.findByRole('form', { name: 'Void votes for 1993 Mazda RX-7' });
  });
});
