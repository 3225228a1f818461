import { eventSchema } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminTestApp } from '../../../test/admin-session';
import type { TestApp } from '../../../test/app';
import type { HttpClient } from '../../../test/http';
import { EventEntity } from './event.entity';

// Event management over REST (part 2 §5 rules) and what visitors then see at /api/events/upcoming.

let t: TestApp;
let admin: HttpClient;
let user: HttpClient;

beforeAll(async () => {
  ({ t, admin, user } = await startAdminTestApp());
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
const meet = (daysAhead: number, title = 'Friday Night Meet') => ({
  title,
  description: 'Bring your ride.',
  eventDate: new Date(Date.now() + daysAhead * DAY).toISOString(),
  location: 'Chicago, IL',
  imageUrl: 'https://example.com/meet.jpg',
  fbEventUrl: 'https://facebook.com/events/123',
});
const upcomingTitles = async () => (await user.get('/api/events/upcoming')).body.map((e: { title: string }) => e.title);

describe('admin events', () => {
  it('creates an event (active by default) that appears in the upcoming list, soonest first', async () => {
    const later = await admin.post('/api/events', meet(20, 'Later Meet'));
    const sooner = await admin.post('/api/events', meet(3, 'Sooner Meet'));
    expect(later.status).toBe(201);
    expect(eventSchema.strict().parse(sooner.body)).toMatchObject({ active: true, title: 'Sooner Meet' });
    const titles = await upcomingTitles();
    expect(titles.indexOf('Sooner Meet')).toBeLessThan(titles.indexOf('Later Meet'));
  });

  it('keeps inactive and past events off the upcoming list but lists them for the admin', async () => {
    const { body: hidden } = await admin.post('/api/events', meet(5, 'Hidden Meet'));
    expect((await admin.put(`/api/events/${hidden.id}`, { active: false })).body.active).toBe(false);
    await admin.post('/api/events', meet(-10, 'Past Meet'));
    const titles = await upcomingTitles();
    expect(titles).not.toContain('Hidden Meet');
    expect(titles).not.toContain('Past Meet');
    const all = (await admin.get('/api/events')).body.map((e: { title: string }) => e.title);
    expect(all).toEqual(expect.arrayContaining(['Hidden Meet', 'Past Meet']));
  });

  it.each([
    [{ title: '' }, 'title: Event title is required'],
    [{ description: ' ' }, 'description: Event description is required'],
    [{ location: '' }, 'location: Event location is required'],
    [{ eventDate: '' }, 'eventDate: Event date is required'],
    [{ imageUrl: '' }, 'imageUrl: Event image URL is required'],
    [{ fbEventUrl: 'facebook dot com' }, 'fbEventUrl: Please enter a valid Facebook event URL'],
  ])('refuses %j with its message and stores nothing', async (change, message) => {
    const before = await t.app.services.ds.getRepository(EventEntity).count();
    const res = await admin.post('/api/events', { ...meet(4), ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await t.app.services.ds.getRepository(EventEntity).count()).toBe(before);
  });

  it('stores an empty Facebook link as none, updates, and deletes with 204', async () => {
    const { body: event } = await admin.post('/api/events', { ...meet(6), fbEventUrl: '' });
    expect(event.fbEventUrl).toBeNull();
    const moved = new Date(Date.now() + 9 * DAY).toISOString();
    const res = await admin.put(`/api/events/${event.id}`, { location: 'Joliet, IL', eventDate: moved });
    expect(res.body).toMatchObject({ location: 'Joliet, IL', eventDate: moved, title: event.title });
    expect((await admin.delete(`/api/events/${event.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/events/${event.id}`)).status).toBe(404);
    expect((await admin.put(`/api/events/${event.id}`, { active: true })).status).toBe(404);
  });

  it('is for admins only', async () => {
    expect((await user.get('/api/events')).status).toBe(403);
    expect((await user.post('/api/events', meet(2))).status).toBe(403);
  });
});
