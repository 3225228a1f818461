import { advertisementSchema, CALENDAR_DATE_RANGE, MESSAGES } from '@curbside/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { INTERNAL_ERROR_MESSAGE } from '../../http-errors';
import { AdvertisementEntity } from './advertisement.entity';

// Advertisement dates end to end: every day the input schema accepts comes back as sent, a day it refuses is the
// caller's mistake (400), and a response that fails its own output schema is the server's (500, logged as an error).

const ADMIN = { email: `${unique('ads-dates')}@example.com`, password: 'admin-password-1' };
const logLines: { level: number; reqId?: string; msg?: string }[] = [];
let t: TestApp;
let admin: HttpClient;

beforeAll(async () => {
  t = await startTestApp(
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' },
    { logStream: { write: (line) => logLines.push(JSON.parse(line)) } },
  );
  admin = new HttpClient(t.baseUrl);
  expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const ad = (startDate: string, endDate: string) => ({
  name: unique('Dated ad'),
  type: 'banner',
  imageUrl: '/api/file/ads/banner.webp',
  linkUrl: 'https://detailing.example.com',
  startDate,
  endDate,
});

const DAY_MS = 86_400_000;
const first = Date.parse(`${CALENDAR_DATE_RANGE.min}T00:00:00Z`);
const days = (Date.parse(`${CALENDAR_DATE_RANGE.max}T00:00:00Z`) - first) / DAY_MS;
/** Any day the input schema accepts, its ends included. */
const acceptedDay = fc
  .oneof(fc.constantFrom(0, days), fc.integer({ min: 0, max: days }))
  .map((n) => new Date(first + n * DAY_MS).toISOString().slice(0, 10));

describe('advertisement dates', () => {
  it('come back as sent from create, change and the list, for any day the input schema accepts', async () => {
    await fc.assert(
      fc.asyncProperty(acceptedDay, acceptedDay, acceptedDay, async (a, b, c) => {
        const [start, end] = a <= b ? [a, b] : [b, a];
        const created = await admin.post('/api/advertisements', ad(start, end));
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        expect(advertisementSchema.parse(created.body)).toMatchObject({ startDate: start, endDate: end });
        const newEnd = c >= start ? c : end;
        const changed = await admin.put(`/api/advertisements/${created.body.id}`, { endDate: newEnd });
        expect(changed.status, JSON.stringify(changed.body)).toBe(200);
        expect(changed.body).toMatchObject({ startDate: start, endDate: newEnd });
        const listed = (await admin.get('/api/advertisements')).body.find(
          (row: { id: number }) => row.id === created.body.id,
        );
        expect(listed).toMatchObject({ startDate: start, endDate: newEnd });
      }),
      { numRuns: 25 },
    );
  });

  it.each(['0999-12-31', '1999-12-31', '2100-01-01'])('refuses %s with 400 and stores nothing', async (day) => {
    const before = await t.app.services.ds.getRepository(AdvertisementEntity).count();
    const res = await admin.post('/api/advertisements', ad(day, '2099-12-31'));
    expect([res.status, res.body.message]).toEqual([
      400,
      `startDate: ${MESSAGES.validation.dateOutOfRange(CALENDAR_DATE_RANGE.min, CALENDAR_DATE_RANGE.max)}`,
    ]);
    expect(await t.app.services.ds.getRepository(AdvertisementEntity).count()).toBe(before);
  });
});

describe('a response that fails its own output schema', () => {
  it('is a 500 with the usual body, logged as an error with the request id; after a change it says it was saved', async () => {
    // A row no request could have written (an ad type the schema does not know).
    const repo = t.app.services.ds.getRepository(AdvertisementEntity);
    const { id } = await repo.save(
      repo.create({ ...ad('2026-01-01', '2026-01-31'), type: 'popup' as never, startDate: null, endDate: null }),
    );
    try {
      const list = await admin.get('/api/advertisements');
      expect(list.status).toBe(500);
      expect(list.body).toMatchObject({ message: INTERNAL_ERROR_MESSAGE, code: 'INTERNAL_SERVER_ERROR' });
      const logged = logLines.filter((line) => line.level >= 50 && line.reqId === list.body.requestId);
      expect(logged.length).toBeGreaterThan(0);

      const overTrpc = await admin.trpc('query', 'admin.ads.list');
      expect([overTrpc.status, overTrpc.body.error.message]).toEqual([500, INTERNAL_ERROR_MESSAGE]);

      // The change is made before its response is checked: the 500 says so, and the change holds.
      const changed = await admin.put(`/api/advertisements/${id}`, { active: false });
      expect([changed.status, changed.body.message]).toEqual([500, MESSAGES.server.changeSavedResponseFailed]);
      expect((await repo.findOneByOrFail({ id })).active).toBe(false);
    } finally {
      await repo.delete({ id });
    }
  });
});
