import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { meetCardAttribution } from '../../lib/meet-card-visit';
import { currentAddress, renderApp } from '../../test/render';
import { makeCarDto } from './showcase-fixtures';

// A car page opened from a meet card's QR code: the address is cleaned and the vote says where it came from.

const handlers = (id: number) => ({
  'cars.top': () => [],
  'share.qrCode': () => ({ qrCode: 'data:image/png;base64,AAAA' }),
  'cars.bySlug': () => makeCarDto(id, { make: 'Mazda', model: 'RX-7' }),
  'votes.cast': () => ({ totalVotes: 1, lastMonthVotes: 1 }),
});

afterEach(() => window.sessionStorage.clear());

describe('a vote from a meet card', () => {
  it('cleans src and event from the address and attributes the vote to the card and its event, once', async () => {
    const { userEvent, calls } = renderApp({
      path: '/cars/car-7?src=card&event=3&utm_source=flyer',
      handlers: handlers(7),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Vote for this Car' }));
    await screen.findByText('Vote recorded!');
    expect(currentAddress()).toBe('/cars/car-7');
    expect(calls.find((call) => call.path === 'votes.cast')?.input).toEqual({ carId: 7, source: 'card', eventId: 3 });
    // Once: the visit is forgotten with the vote, so a later vote from this tab is a plain one.
    expect(meetCardAttribution('car-7')).toEqual({});
  });

  it('sends a plain vote for a page not opened from a card', async () => {
    const { userEvent, calls } = renderApp({ path: '/cars/car-8?src=poster', handlers: handlers(8) });
    await userEvent.click(await screen.findByRole('button', { name: 'Vote for this Car' }));
    await screen.findByText('Vote recorded!');
    expect(calls.find((call) => call.path === 'votes.cast')?.input).toEqual({ carId: 8 });
  });
});
