import type { Advertisement, CarEvent } from '@curbside/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render';
import { ProcedureError } from '../test/trpc-fake';

const event = (overrides: Partial<CarEvent> = {}): CarEvent => ({
  id: 1,
  title: 'Friday Night Meet',
  description: 'Bring your ride.',
  location: 'Chicago, IL',
  // 01:30 UTC on 16 January is 7:30 PM the evening before in Chicago (CST, UTC-6).
  eventDate: '2027-01-16T01:30:00.000Z',
  imageUrl: 'https://example.com/meet.jpg',
  fbEventUrl: 'https://facebook.com/events/123',
  active: true,
  ...overrides,
});

const banner: Advertisement = {
  id: 3,
  name: 'Detailing Co.',
  description: null,
  type: 'banner',
  imageUrl: '/api/file/ads/banner.webp',
  linkUrl: 'https://detailing.example.com',
  startDate: null,
  endDate: null,
  active: true,
};

describe('/events', () => {
  it('shows each event in Central time with the right zone label, and the Facebook link in a new tab', async () => {
    renderApp({
      path: '/events',
      handlers: {
        'events.upcoming': () => [
          event(),
          // 23:00 UTC on 4 July is 6:00 PM in Chicago, daylight time (CDT, UTC-5).
          event({ id: 2, title: 'Summer Cruise', eventDate: '2027-07-04T23:00:00.000Z', fbEventUrl: null }),
        ],
        'ads.active': () => [banner],
      },
    });
    await screen.findByRole('heading', { name: 'Upcoming Events', level: 1 });
    const [winter, summer] = await screen.findAllByTestId('event-card');
    const w = within(winter as HTMLElement);
    expect(w.getByText('Fri, Jan 15, 2027 · 7:30 PM CST')).toBeTruthy();
    expect(w.getByText('Chicago, IL')).toBeTruthy();
    const link = w.getByRole('link', { name: 'View Facebook Event' });
    expect(link.getAttribute('href')).toBe('https://facebook.com/events/123');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const s = within(summer as HTMLElement);
    expect(s.getByText('Sun, Jul 4, 2027 · 6:00 PM CDT')).toBeTruthy();
    expect(s.queryByRole('link', { name: 'View Facebook Event' })).toBeNull();
    // Each event saves to a calendar as an .ics file, its start in UTC.
    const calendar = w.getByRole('link', { name: 'Add to Calendar: Friday Night Meet' });
    expect(calendar.getAttribute('download')).toBe('friday-night-meet.ics');
    const href = calendar.getAttribute('href') ?? '';
    expect(href.startsWith('data:text/calendar;charset=utf-8,')).toBe(true);
    const ics = decodeURIComponent(href.slice(href.indexOf(',') + 1));
    expect(ics).toContain('\r\nDTSTART:20270116T013000Z\r\n');
    expect(ics).toContain('\r\nSUMMARY:Friday Night Meet\r\n');
    expect(ics).toContain('\r\nLOCATION:Chicago\\, IL\r\n');
    expect(s.getByRole('link', { name: 'Add to Calendar: Summer Cruise' })).toBeTruthy();
    // The advertisement sits above the list.
    expect((await screen.findByTestId('banner-ad')).getAttribute('href')).toBe('https://detailing.example.com');
  });

  it("says 'No Upcoming Events' when there are none", async () => {
    renderApp({ path: '/events', handlers: { 'events.upcoming': () => [], 'ads.active': () => [] } });
    await screen.findByText('No Upcoming Events');
  });

  it('says so when the events cannot be loaded', async () => {
    renderApp({
      path: '/events',
      handlers: {
        'events.upcoming': () => {
          throw new ProcedureError('INTERNAL_SERVER_ERROR', 'Something went wrong. Please try again later.');
        },
        'ads.active': () => [],
      },
    });
    await screen.findByText('Error loading events. Please try again later.');
  });
});
