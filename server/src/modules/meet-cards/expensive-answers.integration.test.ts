import { MESSAGES, SERVER_LIMITS } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminTestApp } from '../../../test/admin-session';
import type { TestApp } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { download, readPdf } from '../../../test/pdf';
import { makeCar, makeImage, storePhoto } from '../../../test/showcase-fixtures';

// Expensive answers (meet-card PDFs, QR codes, share pictures) are made once, not once per request: twenty requests
// arriving together for one not yet made cost one making and get the same bytes; an edit makes the next one anew,
// once; past the line of renders the answer is 503 with Retry-After. Makings are counted by the renders metric.

let t: TestApp;
let admin: HttpClient;
let owner: HttpClient;
let ownerId: number;
const PARALLEL = 20;

beforeAll(async () => {
  ({ t, admin, user: owner } = await startAdminTestApp());
  ownerId = (await owner.get('/api/user')).body.id;
});
afterAll(async () => {
  await t?.close();
});

/** How many answers of `kind` this server has made (the curbside_renders_total series of /metrics). */
async function renders(kind: string): Promise<number> {
  const { body } = await t.app.services.metrics.render();
  const series = `curbside_renders_total{kind="${kind}"} `;
  const line = body.split('\n').find((l) => l.startsWith(series));
  return line ? Number(line.slice(series.length)) : 0;
}

async function ownersCar(fields: Parameters<typeof makeCar>[1] = {}) {
  const car = await makeCar(t.app.services.ds, { ownerId, ownerName: 'Dana Cruz', ...fields });
  const image = await makeImage(t.app.services.ds, car, { isPrimary: true });
  await storePhoto(t, image);
  return car;
}

const same = (answers: { bytes: Uint8Array }[]) =>
  answers.every((answer) => Buffer.from(answer.bytes).equals(Buffer.from(answers[0]?.bytes ?? [])));

const inParallel = <T>(request: () => Promise<T>) => Promise.all(Array.from({ length: PARALLEL }, request));

describe('a meet card asked for by twenty requests at once', () => {
  it('is made once and sent alike to all; an edit makes it once more, with the new text', async () => {
    const car = await ownersCar({ make: 'Toyota', model: 'Supra', year: 1994 });
    const path = `/api/cars/${car.id}/meet-card.pdf?layout=a6`;
    const before = await renders('meet-card');
    const first = await inParallel(() => download(owner, path));
    expect(first.map((answer) => answer.status)).toEqual(Array(PARALLEL).fill(200));
    expect(same(first)).toBe(true);
    expect(await renders('meet-card')).toBe(before + 1);

    expect((await owner.put(`/api/cars/${car.id}`, { model: 'Supra RZ' })).status).toBe(200);
    const edited = await inParallel(() => download(owner, path));
    expect(same(edited)).toBe(true);
    expect(await renders('meet-card')).toBe(before + 2);
    const [page] = await readPdf(edited[0]?.bytes ?? new Uint8Array());
    expect(page?.text).toContain('1994 Toyota Supra RZ');
  });

  it("the admin's sheet is made once for twenty requests, and again once after one of its cars changes", async () => {
    const cars = await Promise.all(['Civic', 'Integra', 'Prelude', 'NSX'].map((model) => ownersCar({ model })));
    const path = `/api/admin/meet-cards.pdf?carIds=${cars.map((car) => car.id).join(',')}&layout=sheet`;
    const before = await renders('meet-card-sheet');
    const first = await inParallel(() => download(admin, path));
    expect(first.map((answer) => answer.status)).toEqual(Array(PARALLEL).fill(200));
    expect(same(first)).toBe(true);
    expect(await renders('meet-card-sheet')).toBe(before + 1);
    // Asked again: sent as made.
    expect(Buffer.from((await download(admin, path)).bytes).equals(Buffer.from(first[0]?.bytes ?? []))).toBe(true);
    expect(await renders('meet-card-sheet')).toBe(before + 1);

    const printQrs = await renders('print-qr');
    expect((await owner.put(`/api/cars/${cars[2]?.id}`, { ownerName: 'Kim Lee' })).status).toBe(200);
    const edited = await inParallel(() => download(admin, path));
    expect(same(edited)).toBe(true);
    expect(await renders('meet-card-sheet')).toBe(before + 2);
    // The QR codes of the cards did not change: drawn once, kept for the next sheet.
    expect(await renders('print-qr')).toBe(printQrs);
    expect((await readPdf(edited[0]?.bytes ?? new Uint8Array())).map((page) => page.text).join(' ')).toContain(
      'Owned by Kim Lee',
    );
  });
});

describe("a car's QR code and share picture asked for by twenty requests at once", () => {
  it('the QR code is drawn once and the same image sent to all', async () => {
    const car = await ownersCar();
    const before = await renders('qr-code');
    const visitor = new HttpClient(t.baseUrl);
    const answers = await inParallel(() => visitor.get(`/api/qrcode/${car.slug}`));
    expect(answers.map((answer) => answer.status)).toEqual(Array(PARALLEL).fill(200));
    expect(new Set(answers.map((answer) => answer.body.qrCode)).size).toBe(1);
    expect(answers[0]?.body.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(await renders('qr-code')).toBe(before + 1);
  });

  it('the share picture is rendered once and the same JPEG sent to all', async () => {
    const car = await ownersCar();
    const before = await renders('share-image');
    const visitor = new HttpClient(t.baseUrl);
    const answers = await inParallel(() => download(visitor, `/api/share-image/${car.slug}.jpg`));
    expect(answers.map((answer) => answer.status)).toEqual(Array(PARALLEL).fill(200));
    expect(answers[0]?.headers.get('content-type')).toBe('image/jpeg');
    expect(same(answers)).toBe(true);
    expect(await renders('share-image')).toBe(before + 1);
  });
});

describe('when every render place and the line behind them are taken', () => {
  it('a new PDF or QR code is refused with 503, Retry-After and a message; one already made is still sent', async () => {
    const made = await ownersCar();
    const madePath = `/api/cars/${made.id}/meet-card.pdf`;
    expect((await download(owner, madePath)).status).toBe(200);
    const car = await ownersCar();

    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { running, waiting } = t.app.services.renders.limits;
    const holding = Array.from({ length: running + waiting }, () => t.app.services.renders.hold(() => gate));
    try {
      const pdf = await owner.get(`/api/cars/${car.id}/meet-card.pdf`);
      expect([pdf.status, pdf.body.message]).toEqual([503, MESSAGES.server.rendersBusy]);
      expect(pdf.headers.get('retry-after')).toBe(String(SERVER_LIMITS.rendersBusyRetrySeconds));
      const qr = await new HttpClient(t.baseUrl).get(`/api/qrcode/${car.slug}`);
      expect([qr.status, qr.body.message]).toEqual([503, MESSAGES.server.rendersBusy]);
      expect(qr.headers.get('retry-after')).toBe(String(SERVER_LIMITS.rendersBusyRetrySeconds));
      // A PDF already made needs no place.
      expect((await download(owner, madePath)).status).toBe(200);
    } finally {
      release();
      await Promise.all(holding);
    }
    expect((await download(owner, `/api/cars/${car.id}/meet-card.pdf`)).status).toBe(200);
  });
});
