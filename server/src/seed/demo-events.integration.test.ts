import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { loadSharp } from '../lib/sharp';
import { DEMO_EVENTS } from './demo-data';

// The events page (client/src/pages/EventsPage.tsx) shows each upcoming event's imageUrl across the top of its card,
// falling back to a grey silhouette when the picture does not load: every demo event has a picture of its own.

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('demo events', () => {
  it('each show a picture of their own on the events page', async () => {
    const response = await fetch(`${t.baseUrl}/api/events/upcoming`);
    expect(response.status).toBe(200);
    const events = (await response.json()) as { title: string; imageUrl: string | null }[];
    const upcoming = DEMO_EVENTS.filter((event) => event.days > 0).map((event) => event.title);
    expect(events.map((event) => event.title)).toEqual(upcoming);
    expect(new Set(events.map((event) => event.imageUrl)).size).toBe(events.length);

    const sharp = await loadSharp();
    for (const event of events) {
      expect(event.imageUrl, event.title).toMatch(/^\/api\/file\/demo\/events\//);
      const picture = await fetch(`${t.baseUrl}${event.imageUrl}`);
      expect(picture.status, `${event.title}: ${event.imageUrl}`).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/jpeg');
      const { width, height } = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
      // Wide enough for a phone's full-width card at 2× and as wide as the 200 px band the card shows it in.
      expect(width).toBeGreaterThanOrEqual(800);
      expect((width ?? 0) / (height ?? 1)).toBeGreaterThan(1.6);
    }
  });
});
