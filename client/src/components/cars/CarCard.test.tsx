import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { makeCarDto } from './showcase-fixtures';

describe('a car card', () => {
  it("labels its count: this month's votes when there are any, else the all-time total", async () => {
    renderApp({
      path: '/gallery',
      handlers: {
        'cars.page': () => ({
          items: [
            makeCarDto(1, { make: 'Honda', model: 'NSX', totalVotes: 9, lastMonthVotes: 1 }),
            makeCarDto(2, { make: 'Ford', model: 'Mustang', totalVotes: 9, lastMonthVotes: 0 }),
            makeCarDto(3, { make: 'Mazda', model: 'Miata', totalVotes: 0, lastMonthVotes: 0 }),
          ],
          nextCursor: null,
        }),
        'ads.active': () => [],
      },
    });
    const [nsx, mustang, miata] = (await screen.findAllByTestId('car-card')) as [HTMLElement, HTMLElement, HTMLElement];
    // Seen: '♥ 1' over 'this month'; heard: '1 vote this month'.
    expect(within(nsx).getByText('this month').parentElement?.textContent).toBe('♥ 1 vote this month');
    expect(within(mustang).getByText('all time').parentElement?.textContent).toBe('♥ 9 votes all time');
    // No vote at all: not '0 votes all time' beside the others' 'this month'.
    expect(within(miata).getByText('No votes yet').textContent).toBe('♥ No votes yet');
    expect(within(miata).queryByText(/all time|this month/)).toBeNull();
  });
});
