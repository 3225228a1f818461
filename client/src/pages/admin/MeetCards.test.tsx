import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../App';
import { createQueryClient, createTrpcClient } from '../../lib/trpc';
import { makeUser, renderApp } from '../../test/render';
import { createFakeTrpcFetch } from '../../test/trpc-fake';
import { makeCar } from '../upload/test-car';
import { CardVotesPanel } from './CardVotesPanel';
import { makeEvent } from './test-fixtures';

// Meet cards in the admin dashboard: the download for the ticked cars, and the card-vote statistics.

const admin = makeUser({ role: 'admin', username: 'boss' });
const event = makeEvent({ id: 4, title: 'Tuner Night' });

describe('meet cards in Manage Cars', () => {
  it('downloads the ticked cars as a sheet for the chosen event', async () => {
    const { userEvent: user } = renderApp({
      path: '/admin',
      user: admin,
      handlers: {
        'cars.page': () => ({
          items: [makeCar({ id: 3 }), makeCar({ id: 9, slug: 'civic-9', model: 'Civic' })],
          nextCursor: null,
        }),
        'admin.events.list': () => [event],
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Meet card: 1993 Mazda RX-7' }));
    await user.click(screen.getByRole('checkbox', { name: 'Meet card: 1993 Mazda Civic' }));
    await user.selectOptions(await screen.findByLabelText('Event (optional)'), 'Tuner Night');
    const link = screen.getByRole('link', { name: 'Meet cards (PDF) (2)' });
    expect(link.getAttribute('href')).toBe('/api/admin/meet-cards.pdf?carIds=3,9&layout=sheet&eventId=4');

    await user.selectOptions(screen.getByLabelText('Layout'), 'One A6 card per page');
    expect(link.getAttribute('href')).toBe('/api/admin/meet-cards.pdf?carIds=3,9&layout=a6&eventId=4');
  });

  it('says to choose a car before there is anything to download', async () => {
    renderApp({
      path: '/admin',
      user: admin,
      handlers: { 'cars.page': () => ({ items: [makeCar()], nextCursor: null }), 'admin.events.list': () => [] },
    });
    expect(await screen.findByText('Choose at least one car to print its meet card.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Meet cards (PDF) (0)' })).toHaveProperty('disabled', true);
  });
});

describe('card-vote statistics', () => {
  it('lists the votes that came through cards per event, and those without an event', async () => {
    const server = createFakeTrpcFetch({
      'admin.cardVotes.perEvent': () => [
        { eventId: 4, eventTitle: 'Tuner Night', votes: 12 },
        { eventId: null, eventTitle: null, votes: 3 },
      ],
    });
    render(
      <AppProviders
        queryClient={createQueryClient()}
        trpcClient={createTrpcClient({ fetch: server.fetch })}
        mantineEnv="test"
      >
        <CardVotesPanel />
      </AppProviders>,
    );
    const panel = await screen.findByTestId('card-votes');
    expect(within(panel).getByRole('heading', { name: 'Votes Through Meet Cards' })).toBeTruthy();
    const rows = await within(panel).findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['EventVotes', 'Tuner Night12', 'No event3']);
  });
});
