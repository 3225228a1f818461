import { describe, expect, it } from 'vitest';
import { eventCreateInputSchema, eventFormSchema, eventUpdateInputSchema, upcomingEventsFrom } from './events';
import { issuesOf } from './test-helpers';

const form = {
  title: 'Cars & Coffee',
  description: 'Monthly meet',
  eventDate: '2026-07-04T19:30',
  location: 'Austin, TX',
  imageUrl: '/api/file/meet.jpg',
  fbEventUrl: '',
};

describe('eventFormSchema', () => {
  it('stores the Central wall time as UTC, active by default, blank Facebook link as null', () => {
    expect(eventFormSchema.parse(form)).toEqual({
      ...form,
      eventDate: '2026-07-05T00:30:00.000Z',
      fbEventUrl: null,
      active: true,
    });
  });

  it('reads a winter time as CST', () => {
    expect(eventFormSchema.parse({ ...form, eventDate: '2026-01-10T09:00' }).eventDate).toBe(
      '2026-01-10T15:00:00.000Z',
    );
  });

  it('gives the spec message for every missing field', () => {
    expect(issuesOf(eventFormSchema, { fbEventUrl: '' })).toEqual({
      title: ['Event title is required'],
      description: ['Event description is required'],
      eventDate: ['Event date is required'],
      location: ['Event location is required'],
      imageUrl: ['Event image URL is required'],
    });
  });

  it('rejects an impossible date', () => {
    expect(issuesOf(eventFormSchema, { ...form, eventDate: '2026-02-30T10:00' }).eventDate).toEqual([
      'Event date is required',
    ]);
  });

  it.each(['facebook', 'javascript:alert(1)', 'ftp://facebook.com/e/1', 'https://'])(
    'rejects Facebook link %j',
    (fbEventUrl) => {
      expect(issuesOf(eventFormSchema, { ...form, fbEventUrl }).fbEventUrl).toEqual([
        'Please enter a valid Facebook event URL',
      ]);
    },
  );

  it('keeps a valid Facebook link', () => {
    const fbEventUrl = 'https://www.facebook.com/events/123/';
    expect(eventFormSchema.parse({ ...form, fbEventUrl }).fbEventUrl).toBe(fbEventUrl);
  });
});

describe('event call schemas', () => {
  it('take the date as an ISO instant', () => {
    expect(eventCreateInputSchema.parse({ ...form, eventDate: '2026-07-05T00:30:00.000Z' }).eventDate).toBe(
      '2026-07-05T00:30:00.000Z',
    );
    expect(issuesOf(eventCreateInputSchema, { ...form, eventDate: '2026-07-04T19:30' }).eventDate).toBeDefined();
  });

  it('let the Active toggle send only id and active', () => {
    expect(eventUpdateInputSchema.parse({ id: 1, active: false })).toEqual({ id: 1, active: false });
  });
});

describe('upcomingEventsFrom', () => {
  it('is the start of the Central day, in either season', () => {
    expect(upcomingEventsFrom(new Date('2026-07-05T03:00:00Z')).toISOString()).toBe('2026-07-04T05:00:00.000Z');
    expect(upcomingEventsFrom(new Date('2026-01-10T12:00:00Z')).toISOString()).toBe('2026-01-10T06:00:00.000Z');
  });
});
