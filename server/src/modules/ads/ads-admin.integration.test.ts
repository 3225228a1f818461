import { advertisementSchema, centralDateString, defaultAdPeriod } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminTestApp } from '../../../test/admin-session';
import type { TestApp } from '../../../test/app';
import type { HttpClient } from '../../../test/http';
import { jpegBytes, multipartPost } from '../images/upload-test-helpers';
import { AdvertisementEntity } from './advertisement.entity';

// Advertisement management over REST (part 2 §5 rules) and which ads are live at /api/advertisements/active.

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
const day = (offset: number) => centralDateString(new Date(Date.now() + offset * DAY));
const banner = (name = 'Detailing Co.') => ({
  name,
  type: 'banner',
  imageUrl: '/api/file/ads/banner.webp',
  linkUrl: 'https://detailing.example.com',
  ...defaultAdPeriod(),
});
const liveNames = async () =>
  (await user.get('/api/advertisements/active')).body.map((ad: { name: string }) => ad.name);

describe('admin advertisements', () => {
  it('creates an ad live for its 30-day period; inactive or out-of-window ads are not live', async () => {
    const res = await admin.post('/api/advertisements', banner('Live Banner'));
    expect(res.status).toBe(201);
    const ad = advertisementSchema.strict().parse(res.body);
    expect(ad).toMatchObject({ active: true, startDate: day(0), endDate: day(30) });
    expect(await liveNames()).toContain('Live Banner');

    await admin.put(`/api/advertisements/${ad.id}`, { active: false });
    await admin.post('/api/advertisements', { ...banner('Future Banner'), startDate: day(5), endDate: day(10) });
    await admin.post('/api/advertisements', { ...banner('Expired Banner'), startDate: day(-10), endDate: day(-1) });
    const live = await liveNames();
    for (const name of ['Live Banner', 'Future Banner', 'Expired Banner']) expect(live).not.toContain(name);
    const all = (await admin.get('/api/advertisements')).body.map((a: { name: string }) => a.name);
    expect(all).toEqual(expect.arrayContaining(['Live Banner', 'Future Banner', 'Expired Banner']));
  });

  it.each([
    [{ name: '' }, 'name: Advertisement name is required'],
    [{ type: 'popup' }, 'type: Please select advertisement type'],
    [{ imageUrl: 'javascript:alert(1)' }, 'imageUrl: Please enter a valid URL or upload an image'],
    [{ linkUrl: 'detailing.example.com' }, 'linkUrl: Please enter a valid URL starting with http:// or https://'],
    [{ linkUrl: 'javascript:alert(1)' }, 'linkUrl: Please enter a valid URL starting with http:// or https://'],
    [{ startDate: day(3), endDate: day(1) }, 'endDate: End date must be on or after the start date'],
  ])('refuses %j with its message and stores nothing', async (change, message) => {
    const before = await t.app.services.ds.getRepository(AdvertisementEntity).count();
    const res = await admin.post('/api/advertisements', { ...banner(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await t.app.services.ds.getRepository(AdvertisementEntity).count()).toBe(before);
  });

  it('checks the end against the stored start when only the end changes; deletes with 204', async () => {
    const { body: ad } = await admin.post('/api/advertisements', banner());
    const res = await admin.put(`/api/advertisements/${ad.id}`, { endDate: day(-3) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('endDate: End date must be on or after the start date');
    expect((await admin.put(`/api/advertisements/${ad.id}`, { endDate: day(3) })).body.endDate).toBe(day(3));
    expect((await admin.delete(`/api/advertisements/${ad.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/advertisements/${ad.id}`)).status).toBe(404);
  });

  it('uploads an ad picture (image and type) and returns a served URL; errors carry a message', async () => {
    const res = await multipartPost(
      admin,
      '/api/upload/advertisement',
      { type: 'banner' },
      { field: 'image', bytes: await jpegBytes(728, 90) },
    );
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/api\/file\/ads\/.+\.webp$/);
    expect((await fetch(t.baseUrl + res.body.url)).status).toBe(200);

    const noType = await multipartPost(
      admin,
      '/api/upload/advertisement',
      {},
      { field: 'image', bytes: await jpegBytes() },
    );
    expect(noType.status).toBe(400);
    expect(noType.body.message).toBe('type: Please select advertisement type');
  });

  it('is for admins only', async () => {
    expect((await user.get('/api/advertisements')).status).toBe(403);
    expect((await user.post('/api/advertisements', banner())).status).toBe(403);
  });
});
