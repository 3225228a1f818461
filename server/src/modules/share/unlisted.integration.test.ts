import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { signedIn } from '../../../test/hardening/fixtures';
import { HttpClient } from '../../../test/http';
import { download } from '../../../test/pdf';
import { makeCar, makeImage, storePhoto } from '../../../test/showcase-fixtures';
import type { CarEntity } from '../cars/car.entity';

// An unlisted car (a draft without a photo yet, or one taken down) is answered as a missing one by everything that
// names it to someone else: its page and API, its QR code, its share image and its meet card.

let t: TestApp;
let draft: CarEntity;
let owner: HttpClient;
let stranger: HttpClient;

beforeAll(async () => {
  t = await startTestApp();
  const ds = t.app.services.ds;
  const [mine, theirs] = await Promise.all([signedIn(t), signedIn(t)]);
  owner = mine.client;
  stranger = theirs.client;
  draft = await makeCar(ds, { ownerId: mine.row.id, published: false });
  await storePhoto(t, await makeImage(ds, draft, { isPrimary: true }));
});
afterAll(async () => {
  await t?.close();
});

const notFound = { status: 404, message: 'Car not found' };

describe('an unlisted car, to anyone but its owner', () => {
  it('has no page, no QR code and no share image: 404 as for a slug that never existed', async () => {
    const visitor = new HttpClient(t.baseUrl);
    for (const slug of [draft.slug, 'no-such-car-anywhere']) {
      const answers = [
        await visitor.get(`/api/cars/${slug}`),
        await visitor.get(`/api/qrcode/${slug}`),
        await visitor.trpc('query', 'share.qrCode', { slug }),
        await visitor.get(`/api/share-image/${slug}.jpg`),
      ];
      expect(answers.map((a) => ({ status: a.status, message: a.body?.message ?? a.body?.error?.message }))).toEqual(
        Array(4).fill(notFound),
      );
    }
  });

  it("has no meet card: another user gets the missing car's 404, not a 403 that tells it exists", async () => {
    const asMissing = await download(stranger, '/api/cars/999999/meet-card.pdf');
    const asDraft = await download(stranger, `/api/cars/${draft.id}/meet-card.pdf`);
    const body = (res: { bytes: Uint8Array }) => JSON.parse(new TextDecoder().decode(res.bytes));
    expect([asDraft.status, body(asDraft)]).toEqual([asMissing.status, body(asMissing)]);
    expect(asDraft.status).toBe(404);
    expect((await download(owner, `/api/cars/${draft.id}/meet-card.pdf`)).status).toBe(200);
  });
});
