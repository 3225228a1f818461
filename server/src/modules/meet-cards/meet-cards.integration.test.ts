import { MEET_CARD_MAX_CARS, MESSAGES } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAdminTestApp } from '../../../test/admin-session';
import type { TestApp } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { download, readPdf } from '../../../test/pdf';
import { makeCar, makeImage, storePhoto } from '../../../test/showcase-fixtures';
import { CarEntity } from '../cars/car.entity';
import { EventEntity } from '../events/event.entity';

// Meet cards: the PDF an owner or an admin downloads, read back with a PDF parser, and who may get it.

let t: TestApp;
let admin: HttpClient;
let owner: HttpClient;
let ownerId: number;
const A6 = { width: 297.64, height: 419.53 };

beforeAll(async () => {
  ({ t, admin, user: owner } = await startAdminTestApp());
  ownerId = (await owner.get('/api/user')).body.id;
});
afterAll(async () => {
  await t?.close();
});

async function makeEvent(title: string) {
  return t.app.services.ds.getRepository(EventEntity).save({
    title,
    description: 'Monthly meet.',
    location: 'Austin, TX',
    eventDate: new Date(),
    imageUrl: 'https://example.com/meet.jpg',
    fbEventUrl: null,
    active: true,
  });
}

async function ownersCar(fields: Parameters<typeof makeCar>[1] = {}) {
  const car = await makeCar(t.app.services.ds, { ownerId, ownerName: 'Dana Cruz', ...fields });
  const image = await makeImage(t.app.services.ds, car, { isPrimary: true });
  await storePhoto(t, image);
  return car;
}

describe('GET /api/cars/{id}/meet-card.pdf', () => {
  it("gives the owner an A6 card with the car, its owner, the site's name, the vote prompt and a QR code to the page", async () => {
    const car = await ownersCar({ make: 'Mazda', model: 'RX-7', year: 1993 });
    const res = await download(owner, `/api/cars/${car.id}/meet-card.pdf?layout=a6`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const pages = await readPdf(res.bytes);
    expect(pages).toHaveLength(1);
    const [page] = pages;
    expect(page?.width).toBeCloseTo(A6.width, 1);
    expect(page?.height).toBeCloseTo(A6.height, 1);
    expect(page?.text).toContain('1993 Mazda RX-7');
    expect(page?.text).toContain('Owned by Dana Cruz');
    expect(page?.text).toContain(t.config.siteName);
    expect(page?.text).toContain(`Scan to vote for this car on ${t.config.siteName}`);
    expect(page?.qrCodes).toEqual([`${t.config.publicUrl}/cars/${car.slug}?src=card`]);
  });

  it("refuses another user's car (403), an unknown car (404) and a signed-out visitor (401)", async () => {
    const theirs = await makeCar(t.app.services.ds, { ownerId: null });
    const refused = await download(owner, `/api/cars/${theirs.id}/meet-card.pdf`);
    expect(refused.status).toBe(403);
    expect(JSON.parse(new TextDecoder().decode(refused.bytes)).message).toBe(
      'You can only print meet cards for your own cars.',
    );
    expect((await download(owner, '/api/cars/999999/meet-card.pdf')).status).toBe(404);
    expect((await download(new HttpClient(t.baseUrl), `/api/cars/${theirs.id}/meet-card.pdf`)).status).toBe(401);
  });

  it('makes a card once: asked again it is sent as made, and an edit of the car makes a new one', async () => {
    const car = await ownersCar({ make: 'Honda', model: 'S2000', year: 2001 });
    const path = `/api/cars/${car.id}/meet-card.pdf?layout=a6`;
    const first = await download(owner, path);
    expect(first.status).toBe(200);
    // Making a card reads its photo from storage; a card kept as made reads nothing.
    const reads = vi.spyOn(t.app.services.storage, 'get');
    try {
      const again = await download(owner, path);
      expect(again.status).toBe(200);
      expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);
      expect(reads).not.toHaveBeenCalled();
      // Another layout is another file (made from the card's photo as already cut, kept in memory).
      const sheet = await download(owner, `/api/cars/${car.id}/meet-card.pdf?layout=sheet`);
      expect((await readPdf(sheet.bytes))[0]?.text).toContain('2001 Honda S2000');
      expect(Buffer.from(sheet.bytes).equals(Buffer.from(first.bytes))).toBe(false);
    } finally {
      reads.mockRestore();
    }
    await t.app.services.ds.getRepository(CarEntity).update(car.id, { model: 'S2000 CR' });
    const [edited] = await readPdf((await download(owner, path)).bytes);
    expect(edited?.text).toContain('2001 Honda S2000 CR');
  });

  it('is closed to owners while the site is in maintenance mode, like every other call', async () => {
    const car = await ownersCar();
    const settings = (await admin.get('/api/site-settings')).body;
    expect((await admin.put('/api/site-settings', { ...settings, maintenanceMode: true })).status).toBe(200);
    try {
      expect((await download(owner, `/api/cars/${car.id}/meet-card.pdf`)).status).toBe(503);
      expect((await download(admin, `/api/cars/${car.id}/meet-card.pdf`)).status).toBe(200);
    } finally {
      expect((await admin.put('/api/site-settings', settings)).status).toBe(200);
    }
  });
});

describe('GET /api/admin/meet-cards.pdf', () => {
  it('prints every chosen car, four to a Letter sheet, with the event in the QR code and on the card', async () => {
    const event = await makeEvent('Cars & Coffee Austin');
    const cars = await Promise.all(
      ['Civic', 'Supra', 'Miata', 'Skyline', 'Evo'].map((model) => ownersCar({ make: 'Maker', model })),
    );
    const carIds = cars.map((car) => car.id).join(',');
    const sheet = await download(admin, `/api/admin/meet-cards.pdf?carIds=${carIds}&layout=sheet&eventId=${event.id}`);
    expect(sheet.status).toBe(200);
    const pages = await readPdf(sheet.bytes);
    expect(pages.map((page) => [page.width, page.height])).toEqual([
      [612, 792],
      [612, 792],
    ]);
    expect(pages[0]?.text).toContain('Maker Civic');
    expect(pages[0]?.text).toContain('Cars & Coffee Austin');
    expect(pages[1]?.text).toContain('Maker Evo');
    const urls = pages.flatMap((page) => page.qrCodes);
    expect(urls).toEqual(cars.map((car) => `${t.config.publicUrl}/cars/${car.slug}?src=card&event=${event.id}`));

    const a6 = await readPdf((await download(admin, `/api/admin/meet-cards.pdf?carIds=${carIds}&layout=a6`)).bytes);
    expect(a6).toHaveLength(5);
  });

  it('refuses a user (403), too many cars and an unknown event with a message, and a car that is gone (404)', async () => {
    const car = await ownersCar();
    expect((await download(owner, `/api/admin/meet-cards.pdf?carIds=${car.id}`)).status).toBe(403);
    const tooMany = Array.from({ length: MEET_CARD_MAX_CARS + 1 }, () => car.id).join(',');
    const refused = await admin.get(`/api/admin/meet-cards.pdf?carIds=${tooMany}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      `carIds: A meet-card PDF holds at most ${MEET_CARD_MAX_CARS} cars. Choose fewer cars and try again.`,
    );
    const noEvent = await admin.get(`/api/admin/meet-cards.pdf?carIds=${car.id}&eventId=999999`);
    expect(noEvent.status).toBe(404);
    expect(noEvent.body.message).toBe('That event does not exist.');
    expect((await admin.get(`/api/admin/meet-cards.pdf?carIds=${car.id},999999`)).status).toBe(404);
  });
});

describe('votes through a meet card', () => {
  it('counts a card vote once, and the admin statistics show it under its event; a plain vote is not shown', async () => {
    const event = await makeEvent('Tuner Night');
    const [atEvent, noEvent, plain] = [await ownersCar(), await ownersCar(), await ownersCar()];
    const visitor = new HttpClient(t.baseUrl);
    const before = await admin.get('/api/admin/stats/card-votes');
    expect(before.status).toBe(200);
    const votesFor = (body: { eventId: number | null; votes: number }[], eventId: number | null) =>
      body.find((row) => row.eventId === eventId)?.votes ?? 0;

    const cast = await visitor.post('/api/votes', { carId: atEvent.id, source: 'card', eventId: event.id });
    expect(cast.status).toBe(201);
    expect(cast.body.totalVotes).toBe(1);
    // The same visitor again: refused, so not counted twice, in the tallies or in the card statistics.
    expect((await visitor.post('/api/votes', { carId: atEvent.id, source: 'card', eventId: event.id })).status).toBe(
      429,
    );
    expect((await visitor.post('/api/votes', { carId: noEvent.id, source: 'card' })).status).toBe(201);
    expect((await visitor.post('/api/votes', { carId: plain.id })).status).toBe(201);
    // An unknown source is refused like any bad input, and nothing is counted.
    const bad = await new HttpClient(t.baseUrl).post('/api/votes', { carId: plain.id, source: 'poster' });
    expect(bad.status).toBe(400);

    const after = await admin.get('/api/admin/stats/card-votes');
    expect(after.body.find((row: { eventId: number | null }) => row.eventId === event.id)).toEqual({
      eventId: event.id,
      eventTitle: 'Tuner Night',
      votes: 1,
    });
    expect(votesFor(after.body, null)).toBe(votesFor(before.body, null) + 1);
    const total = (body: { votes: number }[]) => body.reduce((sum, row) => sum + row.votes, 0);
    expect(total(after.body)).toBe(total(before.body) + 2);
    expect((await owner.get('/api/admin/stats/card-votes')).status).toBe(403);
  });

  it('refuses (400) a card vote naming an event that is unknown, switched off or not around the vote, counting nothing', async () => {
    const day = 86_400_000;
    const lastYear = await makeEvent('Last Year');
    await t.app.services.ds
      .getRepository(EventEntity)
      .update({ id: lastYear.id }, { eventDate: new Date(Date.now() - 365 * day) });
    const off = await makeEvent('Switched Off');
    await t.app.services.ds.getRepository(EventEntity).update({ id: off.id }, { active: false });
    const yesterday = await makeEvent('Yesterday');
    await t.app.services.ds
      .getRepository(EventEntity)
      .update({ id: yesterday.id }, { eventDate: new Date(Date.now() - day) });
    const car = await ownersCar();
    const before = await admin.get('/api/admin/stats/card-votes');
    for (const eventId of [999_999, lastYear.id, off.id]) {
      const visitor = new HttpClient(t.baseUrl);
      const res = await visitor.post('/api/votes', { carId: car.id, source: 'card', eventId });
      expect([res.status, res.body.message]).toEqual([400, MESSAGES.meetCards.eventNotRunning]);
      const overTrpc = await visitor.trpc('mutation', 'votes.cast', { carId: car.id, source: 'card', eventId });
      expect([overTrpc.status, overTrpc.body.error?.message]).toEqual([400, MESSAGES.meetCards.eventNotRunning]);
    }
    expect((await new HttpClient(t.baseUrl).get(`/api/cars/${car.slug}`)).body.totalVotes).toBe(0);
    expect((await admin.get('/api/admin/stats/card-votes')).body).toEqual(before.body);
    // The day after the meet the card still counts for it.
    const next = await new HttpClient(t.baseUrl).post('/api/votes', {
      carId: car.id,
      source: 'card',
      eventId: yesterday.id,
    });
    expect(next.status).toBe(201);
  });

  it('refuses an event id past what an id can be with 400, counting nothing', async () => {
    const car = await ownersCar();
    const res = await new HttpClient(t.baseUrl).post('/api/votes', { carId: car.id, source: 'card', eventId: 2 ** 40 });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Invalid id');
    expect((await new HttpClient(t.baseUrl).get(`/api/cars/${car.slug}`)).body.totalVotes).toBe(0);
  });
});
