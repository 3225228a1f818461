import { rmSync } from 'node:fs';
import { MESSAGES } from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../test/app';
import { buildClient } from '../../test/client-build';
import { HttpClient } from '../../test/http';
import { register } from '../../test/register';
import { jpegBytes, uploadCarImage } from '../modules/images/upload-test-helpers';
import { warmUpPageRender } from '../ops/warm-up';

// The gallery's page of a search, rendered on the server, is kept for every signed-out visitor like the gallery's
// own page (a search's results are a cached read: cache-policies.ts, carSearchCache), and dropped when one of its cars
// changes, when a car may now match it, or when a vote may reorder it: a visitor never sees a search's page staler
// than the gallery's. On both databases (a search reads the full-text index of each).

const ADMIN = { email: 'kept-search-admin@example.com', password: 'admin-password-1' };
let dist: string;
let t: TestApp;
let address = 0;
const newVisitor = () => new HttpClient(t.baseUrl, { 'x-forwarded-for': `198.51.100.${++address}` });

beforeAll(async () => {
  dist = buildClient();
  t = await startTestApp({
    CLIENT_DIST: dist,
    PUBLIC_URL: 'https://curbside.example',
    TRUST_PROXY: 'true',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  // As the server does once it listens (main.ts), so that the first render here is not the process's first.
  await warmUpPageRender(t.app);
}, 180_000);
afterAll(async () => {
  await t?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

/** The visible text of the page from #root on, and how many car cards it has. */
function shown(html: string) {
  const markup = html.slice(html.indexOf('<div id="root">')).replace(/<script[\s\S]*?<\/script>/g, ' ');
  const text = markup
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
  return { text, cards: markup.split('data-testid="car-card"').length - 1 };
}

describe("a search's page rendered on the server", () => {
  it("is kept, and shows a car's edit, a new match, an unlisting and a hiding on the next one", async () => {
    const owner = newVisitor();
    const name = unique('kept');
    await register(t, owner, { email: `${name}@example.com`, username: name, password: 'owner-password-1' });
    const word = unique('Searchkept');
    const newCar = async (model: string) => {
      const created = await owner.post('/api/cars', {
        ...{ make: word, model, year: 1972, ownerName: 'Pat', category: 'Euro', legalAgreement: true },
      });
      expect(created.status).toBe(201);
      // Public with its first photo.
      const photo = await uploadCarImage(owner, created.body.id, await jpegBytes(), true);
      expect(photo.status).toBe(201);
      return { id: created.body.id as number, photoId: photo.body.id as number };
    };
    const first = await newCar('Coupe');
    const address = `/gallery?q=${word.toLowerCase()}`;
    const page = async () => {
      const res = await newVisitor().get(address);
      expect(res.status).toBe(200);
      // Rendered on the server (index.html alone has an empty #root).
      expect(res.text).not.toContain('<div id="root"></div>');
      return { ...shown(res.text), etag: res.headers.get('etag') };
    };
    const keptPage = () => t.app.services.readCache.peek(`page:${address}`);

    const before = await page();
    expect(before.cards).toBe(1);
    expect(before.text).toContain(`${word} Coupe`);
    // Kept: the next visitor gets the same page from the cache, not a render of their own.
    const entry = keptPage();
    expect(entry).toBeDefined();
    expect((await page()).etag).toBe(before.etag);
    expect(keptPage()).toBe(entry);

    // The owner's edit of its words.
    expect((await owner.put(`/api/cars/${first.id}`, { model: 'Roadster' })).status).toBe(200);
    const edited = await page();
    expect(edited.text).toContain(`${word} Roadster`);
    expect(edited.text).not.toContain(`${word} Coupe`);

    // Another car with the word, listed by its first photo.
    const second = await newCar('Estate');
    const added = await page();
    expect(added.cards).toBe(2);
    expect(added.text).toContain(`${word} Estate`);

    // Unlisted by the deletion of its last photo.
    expect((await owner.delete(`/api/images/${second.photoId}`)).status).toBe(204);
    const unlisted = await page();
    expect(unlisted.cards).toBe(1);
    expect(unlisted.text).not.toContain(`${word} Estate`);

    // Hidden by an admin.
    const admin = newVisitor();
    expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
    const hide = await admin.post(`/api/admin/reviews/cars/${first.id}/actions`, { action: 'hide', note: 'Hidden.' });
    expect(hide.status).toBe(201);
    const hidden = await page();
    expect(hidden.cards).toBe(0);
    expect(hidden.text).toContain(MESSAGES.gallery.empty);
  });
});
