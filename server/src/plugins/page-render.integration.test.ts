import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  addMonths,
  COLOR_SCHEME_SCRIPT,
  centralMonthKey,
  centralMonthStart,
  EARLY_CLICKS_SCRIPT,
  MESSAGES,
  SPECULATION_RULES,
} from '@curbside/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../test/app';
import { buildClient } from '../../test/client-build';
import { HttpClient } from '../../test/http';
import { register } from '../../test/register';
import { makeCar, makeImage, pastVotes } from '../../test/showcase-fixtures';
import { jpegBytes, uploadCarImage } from '../modules/images/upload-test-helpers';
import { warmUpPageRender } from '../ops/warm-up';
import { RENDER_TIME_LIMIT_MS } from './page-render';
import { scriptHash } from './security';

// The landing pages reach a signed-out visitor already rendered: their text is in the HTML before any script runs, with
// the data it was rendered from as JSON for the browser to hydrate. Rendering them on the server is an extra: when it
// cannot be done, the page is sent as it was before (index.html, with its head tags), never as an error.

/** The rest of a stand-in server entry's contract (shared/src/server-render.ts): every address kept as it is. */
const PAGE_ADDRESS_AS_IS =
  "export function pageAddress(path, search) { return search ? path + '?' + search : path; }\n";

/** The markup inside #root, and the JSON the page was rendered from (undefined when the page was not rendered). */
function parsePage(html: string) {
  const state = /<script type="application\/json" id="server-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const rootMarkup = /<div id="root">([\s\S]*?)<\/div>(?:<script type="application\/json"|\s*<\/body>)/.exec(html)?.[1];
  // Every <script> is a file, JSON data, the scheme's script or an islands page's two (its early clicks' keeper and
  // its speculation rules), which the Content-Security-Policy allows by their hashes: it lets no other inline script run.
  const allowed = new Set([COLOR_SCHEME_SCRIPT, EARLY_CLICKS_SCRIPT, SPECULATION_RULES]);
  const inlineScripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([, attributes = '', text = '']) =>
      !/\bsrc=/.test(attributes) && !/type="application\/json"/.test(attributes) && !allowed.has(text),
  );
  const islands = /<script type="module" crossorigin src="\/assets\/islands-[\w-]+\.js"><\/script>/.test(html);
  const app = /<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/.test(html);
  return {
    state: state === undefined ? undefined : JSON.parse(state),
    rootMarkup: rootMarkup ?? '',
    inlineScripts,
    islands,
    app,
  };
}

/** The visible text of some markup, tags dropped and entities decoded as far as these pages need. */
const textOf = (markup: string) =>
  markup
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The data a rendered page's query of `procedure` holds (from the JSON the browser hydrates with). */
function renderedData(html: string, procedure: string): any {
  const queries: { queryKey: [string[]]; state: { data: unknown } }[] = parsePage(html).state?.queries ?? [];
  return queries.find((query) => query.queryKey[0].join('.') === procedure)?.state.data;
}

/**
 * What a car page sent as islands (no query cache) was rendered from, as its Vote button's island has it
 * (client/src/islands/vote.ts): the car's id, its counts and hasVoted.
 */
function voteIsland(html: string): { carId: number; totalVotes: number; hasVoted: boolean } | undefined {
  const props = /data-island="vote" data-island-props="([^"]*)"/.exec(html)?.[1];
  return props === undefined ? undefined : JSON.parse(props.replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
}

/**
 * The votes a leaderboard page (sent as islands: no query cache) shows for the car named `name` in its podium or cards,
 * or undefined when it does not list the car.
 */
function shownVotes(html: string, name: string): number | undefined {
  const places = parsePage(html)
    .rootMarkup.split(/data-testid="(?:podium-place|leaderboard-card)"/)
    .slice(1);
  const place = places.map(textOf).find((text) => text.includes(name));
  const votes = place && /♥ (\d+) votes?/.exec(place)?.[1];
  return votes === undefined || votes === '' ? undefined : Number(votes);
}

const ADMIN = { email: 'ssr-admin@example.com', password: 'admin-password-1' };
let dist: string;
let t: TestApp;
let visitor: HttpClient;
let warmUpStatus: number | null = null;
let address = 0;
/** A signed-out visitor from an address of its own (TRUST_PROXY: the first X-Forwarded-For hop is the client). */
const newVisitor = () => new HttpClient(t.baseUrl, { 'x-forwarded-for': `198.51.100.${++address}` });

beforeAll(async () => {
  dist = buildClient();
  // Rendered on the server by default (SERVER_RENDER unset).
  t = await startTestApp({
    CLIENT_DIST: dist,
    PUBLIC_URL: 'https://curbside.example',
    TRUST_PROXY: 'true',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  visitor = new HttpClient(t.baseUrl);
  // As the server does once it listens (main.ts): the first render, which loads and compiles the render's code, is
  // not one of the timed tests'. What it kept is dropped: the tests write cars straight into the database.
  warmUpStatus = await warmUpPageRender(t.app);
  t.app.services.readCache.clear();
}, 180_000);
afterAll(async () => {
  await t?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('landing pages rendered on the server', () => {
  it('the warm-up after start asks for the home page, as a visitor would', () => {
    expect(warmUpStatus).toBe(200);
  });

  it('a car page: its name, headings and story are in the HTML, with the data it was rendered from', async () => {
    const car = await makeCar(t.app.services.ds, {
      make: 'Mazda',
      model: 'RX-7 FD',
      year: 1993,
      story: "Rotary <b>build</b>, twin turbos & a story with $' in it.",
      specs: 'Sequential twin-turbo 13B-REW',
      featured: true,
    });
    await makeImage(t.app.services.ds, car, { isPrimary: true });

    const res = await visitor.get(`/cars/${car.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const page = parsePage(res.text);
    const text = textOf(page.rootMarkup);
    expect(textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(page.rootMarkup)?.[1] ?? '').trim()).toBe('Mazda RX-7 FD');
    for (const heading of ['Official Photos', 'Car Story', 'Specifications', 'Vote for this Car']) {
      expect(text, heading).toContain(heading);
    }
    // The story as text, never as markup.
    expect(text).toContain("Rotary <b>build</b>, twin turbos & a story with $' in it.");
    expect(page.rootMarkup).not.toContain('<b>build</b>');
    // Sent as islands (client/src/islands/main.ts): no app and no query cache; its Vote button knows the car.
    expect({ islands: page.islands, app: page.app, state: page.state }).toEqual({
      islands: true,
      app: false,
      state: undefined,
    });
    expect(voteIsland(res.text)).toMatchObject({ carId: car.id, totalVotes: 0, hasVoted: false });
    expect(page.inlineScripts).toEqual([]);
    // The scheme's script is in the head, ahead of every stylesheet (which would hold it up), and the policy lets it run.
    const head = res.text.slice(0, res.text.indexOf('</head>'));
    const schemeScript = head.indexOf(`<script>${COLOR_SCHEME_SCRIPT}</script>`);
    expect(schemeScript).toBeGreaterThan(0);
    expect(head.slice(0, schemeScript)).not.toMatch(/<style|<link rel="stylesheet"/);
    expect(res.headers.get('content-security-policy')).toContain(scriptHash(COLOR_SCHEME_SCRIPT));
    // The photo's preload after the viewport meta (before it a phone sizes 100vw as 980 px and fetches the wide copy),
    // the headings face's preload ahead of the app's script and module preloads; the charset in the first 1,024 bytes.
    const photoPreload = head.indexOf('<link rel="preload" as="image"');
    const fontPreload = head.search(/<link rel="preload"[^>]* as="font"/);
    const appScripts = head.search(/<script type="module"|<link rel="modulepreload"/);
    expect(head.indexOf('<meta name="viewport"')).toBeGreaterThan(0);
    expect(photoPreload).toBeGreaterThan(head.indexOf('<meta name="viewport"'));
    expect(fontPreload).toBeGreaterThan(0);
    expect(Math.max(photoPreload, fontPreload)).toBeLessThan(appScripts);
    expect(Buffer.byteLength(head.slice(0, head.indexOf('<meta charset')))).toBeLessThan(1024);
    expect(res.text).toContain('<meta property="og:title" content="1993 Mazda RX-7 FD | Curbside" />');
    // Its styles come with it, so it shows styled before any file arrives.
    expect(res.text).toMatch(/<style>[^<]*\.m_/);
  });

  it('the home page, the gallery and the leaderboard show their headings and cars', async () => {
    const car = await makeCar(t.app.services.ds, { make: 'Honda', model: 'NSX', featured: true });
    await makeImage(t.app.services.ds, car, { isPrimary: true });
    expect((await visitor.trpc('mutation', 'votes.cast', { carId: car.id })).status).toBe(200);

    // The home page, the gallery and the leaderboard are sent as islands (client/src/islands/main.ts): no app, so no
    // query cache.
    const pages = [
      { path: '/', islands: true, texts: ['Street cars, shot where they live.', 'Top Cars of the Month', 'Honda NSX'] },
      { path: '/gallery', islands: true, texts: ['Car Gallery', 'Honda NSX'] },
      { path: '/leaderboard', islands: true, texts: [MESSAGES.leaderboard.title, 'Honda NSX'] },
    ];
    for (const { path: pagePath, islands, texts } of pages) {
      const res = await visitor.get(pagePath);
      expect(res.status, pagePath).toBe(200);
      const page = parsePage(res.text);
      expect(page.state !== undefined, pagePath).toBe(!islands);
      expect({ islands: page.islands, app: page.app }, pagePath).toEqual({ islands, app: !islands });
      if (islands) {
        // Its inline scripts run: the policy allows them by their hashes.
        const policy = res.headers.get('content-security-policy') ?? '';
        for (const script of [EARLY_CLICKS_SCRIPT, SPECULATION_RULES]) expect(policy).toContain(scriptHash(script));
      }
      expect(page.inlineScripts, pagePath).toEqual([]);
      const text = textOf(page.rootMarkup);
      for (const expected of texts) expect(text, `${pagePath}: ${expected}`).toContain(expected);
    }
  });

  it('the gallery as its address names it: category, search and pages, each address a page of its own', async () => {
    const make = unique('Pagecar');
    for (let i = 1; i <= 13; i++) await makeCar(t.app.services.ds, { make, model: `No ${i}`, category: 'Hot Rod' });
    // More than the 9 pages of 12 an address shows, all cars together.
    const [before] = await t.app.services.ds.query('SELECT COUNT(*) AS n FROM cars WHERE published = 1');
    for (let i = Number(before.n); i <= 9 * 12 + 12; i++) {
      await makeCar(t.app.services.ds, { make: 'Ford', model: `Model A ${i}`, category: 'Classic' });
    }
    // One more through the API, which tells the read cache that the list changed.
    const owner = newVisitor();
    const name = unique('gal');
    await register(t, owner, { email: `${name}@example.com`, username: name, password: 'pw-12345678' });
    const added = await owner.post('/api/cars', {
      make: unique('Searchable'),
      model: 'Coupe',
      year: 1932,
      ownerName: 'Pat',
      category: 'Hot Rod',
      legalAgreement: true,
    });
    expect(added.status).toBe(201);
    // Listed with its first photo.
    expect((await uploadCarImage(owner, added.body.id, await jpegBytes(), true)).status).toBe(201);
    // The cards shown (not the one in the template that Load More past the ninth page draws from).
    const shownIn = (html: string) => parsePage(html).rootMarkup.replace(/<template[\s\S]*?<\/template>/g, '');
    const cardsIn = (html: string) => shownIn(html).split('data-testid="car-card"').length - 1;
    // Sent as islands: Load More is the address of one page more, landing on its first card.
    const loadMoreHref = (html: string) =>
      /data-href="([^"]*)"[^>]*data-island-action="navigate"[^>]*><span[^>]*><span[^>]*>Load More/
        .exec(html)?.[1]
        ?.replace(/&amp;/g, '&');
    const galleryPage = async (query: string) => {
      const res = await newVisitor().get(`/gallery?${query}`);
      expect(res.status, query).toBe(200);
      expect(parsePage(res.text), query).toMatchObject({ state: undefined, islands: true, app: false });
      return res.text;
    };

    const hotRods = await galleryPage('category=Hot+Rod');
    expect(cardsIn(hotRods)).toBe(12);
    expect(loadMoreHref(hotRods)).toBe('/gallery?category=Hot+Rod&pages=2#page-2');
    const twoPages = await galleryPage('category=Hot+Rod&pages=2');
    expect(cardsIn(twoPages)).toBe(14);
    expect(twoPages).toMatch(/<a [^>]*id="page-2"/);
    expect(textOf(parsePage(twoPages).rootMarkup)).not.toContain('Load More');
    // Another category's address never gets this one's page.
    const muscle = await galleryPage('category=Muscle');
    expect(textOf(parsePage(muscle).rootMarkup)).not.toContain(make);

    // A search is asked on the server and its results rendered; the search box is a form that asks for another.
    const searched = await galleryPage(`q=${added.body.make}`);
    expect(cardsIn(searched)).toBe(1);
    expect(textOf(parsePage(searched).rootMarkup)).toContain(`${added.body.make} Coupe`);
    const form = /<form [^>]*data-island="gallery-search"[^>]*>/.exec(searched)?.[0];
    expect(form).toContain('action="/gallery"');
    expect(form).toContain('method="get"');
    expect(searched).toContain(`name="q" value="${added.body.make}"`);

    // Values out of range are ignored or clamped: the whole list, at most the 9 pages an address keeps, each page
    // asked by the cursor of the one before.
    const [listed] = await t.app.services.ds.query('SELECT COUNT(*) AS n FROM cars WHERE published = 1');
    expect(Number(listed.n)).toBeGreaterThan(108);
    const clamped = await galleryPage('category=Spaceship&pages=999999');
    expect(cardsIn(clamped)).toBe(108);
    // Past them, Load More fetches the next page by the cursor after the last card shown (the islands' script),
    // drawing its cards from the template of one.
    const props = /data-island="gallery-more" data-island-props="([^"]*)"/.exec(clamped)?.[1];
    const { next } = JSON.parse((props ?? '{}').replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
    expect(next).toMatchObject({ limit: 12, cursor: expect.any(String) });
    expect(clamped).toMatch(/<template data-island-template="car-card"><a [^>]*data-testid="car-card"/);
    const tenth = await newVisitor().get(`/trpc/cars.page?input=${encodeURIComponent(JSON.stringify(next))}`);
    expect(tenth.status).toBe(200);
    const { items } = tenth.body.result.data as { items: { slug: string }[] };
    expect(items.length).toBeGreaterThan(0);
    for (const car of items) expect(shownIn(clamped)).not.toContain(`href="/cars/${car.slug}"`);
  });

  it('a signed-in visitor gets the page rendered in the browser, as before', async () => {
    const member = new HttpClient(t.baseUrl);
    const name = `ssr${Date.now()}`;
    expect(
      (await member.post('/api/register', { email: `${name}@example.com`, username: name, password: 'hunter22' }))
        .status,
    ).toBe(201);
    const res = await member.get('/gallery');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root"></div>');
    expect(parsePage(res.text).state).toBeUndefined();
  });

  it('a car that does not exist is sent with 404 and the Car Not Found text, not rendered', async () => {
    const res = await visitor.get('/cars/no-such-car');
    expect(res.status).toBe(404);
    expect(res.text).toContain('<div id="root"><main');
    expect(res.text).toContain('<h1>Car Not Found</h1>');
    expect(parsePage(res.text).state).toBeUndefined();
  });
});

describe('a page every signed-out visitor sees alike', () => {
  it('is rendered once and sent to each of them, with an ETag and compressed', async () => {
    const car = await makeCar(t.app.services.ds, { make: 'Nissan', model: 'Silvia S15' });
    await makeImage(t.app.services.ds, car, { isPrimary: true });
    const first = await newVisitor().get(`/cars/${car.slug}`);
    expect(textOf(parsePage(first.text).rootMarkup)).toContain('Nissan Silvia S15');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');

    const second = await newVisitor().get(`/cars/${car.slug}`, { 'accept-encoding': 'br' });
    expect(second.headers.get('content-encoding')).toBe('br');
    expect(second.headers.get('content-type')).toMatch(/^text\/html/);
    expect(second.text).toBe(first.text);
    const revisit = await newVisitor().get(`/cars/${car.slug}`, { 'if-none-match': etag as string });
    expect(revisit.status).toBe(304);
    expect(revisit.text).toBe('');
    // A campaign link's tracking parameters do not make a page of their own.
    const fromCampaign = await newVisitor().get(`/cars/${car.slug}?utm_source=news&fbclid=abc`);
    expect(fromCampaign.headers.get('etag')).toBe(etag);
  });

  it("is rendered without one visitor's print choice from the address, which others would then be sent", async () => {
    const car = await makeCar(t.app.services.ds, { make: 'Honda', model: 'S2000' });
    const photo = await makeImage(t.app.services.ds, car, { isPrimary: true });
    const ticked = (html: string) =>
      [...parsePage(html).rootMarkup.matchAll(/<input\b[^>]*>/g)]
        .map(([input]) => input)
        .filter((input) => /type="checkbox"/.test(input) && /\bchecked\b/.test(input));
    // Back from sign-in with a choice (the first request of this page, so it is the one rendered and kept) …
    const chooser = await newVisitor().get(`/cars/${car.slug}?print=${photo.id}&size=1&qty=3`);
    expect(chooser.status).toBe(200);
    expect(ticked(chooser.text)).toEqual([]);
    // … and the next visitor's copy has nothing chosen either: the choice is the browser's, from its own address.
    const next = await newVisitor().get(`/cars/${car.slug}`);
    expect(next.headers.get('etag')).toBe(chooser.headers.get('etag'));
    expect(ticked(next.text)).toEqual([]);
  });

  it("renders the leaderboard's period from its address, each period's page kept apart", async () => {
    /** The period the page's list was rendered for, and whether its selector shows it chosen. */
    // An islands page: the period is the switch's checked choice, and its choices are the periods' addresses.
    const rendered = (html: string) => {
      const page = parsePage(html);
      const chosen = [...page.rootMarkup.matchAll(/<input\b[^>]*>/g)]
        .map(([input]) => input)
        .filter((input) => /\bchecked\b/.test(input))
        .map((input) => /value="(\w+)"/.exec(input)?.[1]);
      const href = [...page.rootMarkup.matchAll(/<input\b[^>]*\bchecked\b[^>]*>/g)].map(
        ([input]) => /data-href="([^"]*)"/.exec(input)?.[1],
      );
      return { period: chosen[0], chosen, href };
    };
    // Each twice, in turn: a kept page of one period is never sent for the other.
    for (const [pagePath, period] of [
      ['/leaderboard?period=all', 'all'],
      ['/leaderboard', 'month'],
      ['/leaderboard?period=all', 'all'],
      ['/leaderboard?period=decade', 'month'],
      ['/leaderboard', 'month'],
    ]) {
      const res = await newVisitor().get(pagePath as string);
      expect(res.status, pagePath).toBe(200);
      const href = period === 'all' ? '/leaderboard?period=all' : '/leaderboard';
      expect(rendered(res.text), pagePath).toEqual({ period, chosen: [period], href: [href] });
    }
  });

  it("renders a closed month's final ranking from its address, not the live list", async () => {
    // A database of its own: the Hall of Fame closes the months once per process, at the first read after they end.
    const fresh = await startTestApp({ CLIENT_DIST: dist, PUBLIC_URL: 'https://curbside.example' });
    try {
      const lastMonth = addMonths(centralMonthKey(new Date()), -1);
      const winner = await makeCar(fresh.app.services.ds, { make: 'Datsun', model: '240Z' });
      await makeImage(fresh.app.services.ds, winner, { isPrimary: true });
      await pastVotes(fresh.app.services, winner.id, [new Date(centralMonthStart(lastMonth).getTime() + 86_400_000)]);

      const res = await new HttpClient(fresh.baseUrl).get(`/leaderboard?month=${lastMonth}`);
      expect(res.status).toBe(200);
      const page = parsePage(res.text);
      // An islands page: the month's words and places in its markup, and the month chosen in its menu.
      const month = await new HttpClient(fresh.baseUrl).trpc('query', 'hallOfFame.month', { month: lastMonth });
      const label = month.body.result.data.label;
      expect(textOf(page.rootMarkup)).toContain(MESSAGES.hallOfFame.finalRanking(label));
      expect(textOf(page.rootMarkup)).toContain('Datsun 240Z');
      expect(page.rootMarkup).toMatch(
        new RegExp(
          `<option[^>]*value="/leaderboard\\?month=${lastMonth}"[^>]*selected|<option[^>]*selected[^>]*value="/leaderboard\\?month=${lastMonth}"`,
        ),
      );
    } finally {
      await fresh.close();
    }
  });

  it('renders the Hall of Fame with its closed months, the newest by default or the one its address names', async () => {
    // A database of its own: the Hall of Fame closes the months once per process, at the first read after they end.
    const fresh = await startTestApp({ CLIENT_DIST: dist, PUBLIC_URL: 'https://curbside.example' });
    try {
      const lastMonth = addMonths(centralMonthKey(new Date()), -1);
      const earlier = addMonths(lastMonth, -1);
      const dayInto = (month: string) => new Date(centralMonthStart(month).getTime() + 86_400_000);
      const newest = await makeCar(fresh.app.services.ds, { make: 'Lancia', model: 'Delta Integrale' });
      const older = await makeCar(fresh.app.services.ds, { make: 'Alfa Romeo', model: 'GTV6' });
      for (const car of [newest, older]) await makeImage(fresh.app.services.ds, car, { isPrimary: true });
      await pastVotes(fresh.app.services, newest.id, [dayInto(lastMonth)]);
      await pastVotes(fresh.app.services, older.id, [dayInto(earlier)]);
      const hallOfFame = async (address: string) => {
        const res = await new HttpClient(fresh.baseUrl).get(address);
        expect(res.status, address).toBe(200);
        const page = parsePage(res.text);
        expect(page.state, `${address} is rendered on the server`).toBeDefined();
        expect(page.inlineScripts, address).toEqual([]);
        // Its styles come with it, so it shows styled before any file arrives.
        expect(res.text, address).toMatch(/<style>[^<]*\.m_/);
        return { text: textOf(page.rootMarkup), month: renderedData(res.text, 'hallOfFame.month')?.month };
      };

      // The newest closed month: its winner large, every month's winner below, with the data it was rendered from.
      const latest = await hallOfFame('/hall-of-fame');
      expect(latest.month).toBe(lastMonth);
      expect(latest.text).toContain(MESSAGES.hallOfFame.title);
      expect(latest.text).toContain('Lancia Delta Integrale');
      expect(latest.text).toContain(MESSAGES.hallOfFame.pastWinners);
      expect(latest.text).toContain('Alfa Romeo GTV6');
      // The month its address names (a shared link), kept apart from the newest one's page.
      const named = await hallOfFame(`/hall-of-fame?month=${earlier}`);
      expect(named.month).toBe(earlier);
      expect((await hallOfFame('/hall-of-fame?utm_source=x')).month).toBe(lastMonth);
    } finally {
      await fresh.close();
    }
  });

  it("shows another visitor's vote on the next page, and the voter their own vote", async () => {
    const car = await makeCar(t.app.services.ds, { make: 'Toyota', model: 'AE86 Trueno' });
    await makeImage(t.app.services.ds, car, { isPrimary: true });
    const carPage = `/cars/${car.slug}`;
    const before = voteIsland((await newVisitor().get(carPage)).text);
    const rankedBefore = shownVotes((await newVisitor().get('/leaderboard')).text, 'Toyota AE86 Trueno');
    expect(before).toMatchObject({ totalVotes: 0, hasVoted: false });

    const voter = newVisitor();
    expect((await voter.post('/api/votes', { carId: car.id })).status).toBe(201);

    const after = voteIsland((await newVisitor().get(carPage)).text);
    expect(after).toMatchObject({ totalVotes: 1, hasVoted: false });
    const votersPage = (await voter.get(carPage)).text;
    expect(voteIsland(votersPage)).toMatchObject({ totalVotes: 1 });
    // The page everyone gets (an islands page: its markup rendered without the vote), with the vote listed for the
    // browser, whose Vote button shows it (client/src/islands/vote.ts); another visitor's has no such list.
    const votes = (html: string) =>
      /<script type="application\/json" id="viewer-votes">(.*?)<\/script>/.exec(html)?.[1];
    expect(votes(votersPage)).toBe(`[${car.id}]`);
    const othersPage = (await newVisitor().get(carPage)).text;
    expect(votes(othersPage)).toBeUndefined();
    expect(parsePage(votersPage).rootMarkup).toBe(parsePage(othersPage).rootMarkup);
    expect(textOf(parsePage(votersPage).rootMarkup)).toContain('Vote for this Car');
    const ranked = shownVotes((await newVisitor().get('/leaderboard')).text, 'Toyota AE86 Trueno');
    expect(rankedBefore ?? 0).toBe(0);
    expect(ranked).toBe(1);
    // The page the others share stays theirs: hasVoted false.
    expect(voteIsland((await newVisitor().get(carPage)).text)?.hasVoted).toBe(false);
  });

  it('shows an edit of the car on the next page', async () => {
    const owner = newVisitor();
    const name = unique('ssr');
    const account = { email: `${name}@example.com`, username: name, password: 'owner-password-1' };
    await register(t, owner, account);
    const created = await owner.post('/api/cars', {
      make: 'Mazda',
      model: 'Miata NA',
      year: 1990,
      ownerName: 'Pat',
      category: 'JDM',
      story: 'Pop-up headlights.',
      legalAgreement: true,
    });
    expect(created.status).toBe(201);
    // Public with its first photo.
    expect((await uploadCarImage(owner, created.body.id, await jpegBytes(), true)).status).toBe(201);
    const carPage = `/cars/${created.body.slug}`;
    expect(textOf(parsePage((await newVisitor().get(carPage)).text).rootMarkup)).toContain('Pop-up headlights.');

    const edited = await owner.put(`/api/cars/${created.body.id}`, { story: 'Now with a hardtop.' });
    expect(edited.status).toBe(200);
    const page = await newVisitor().get(carPage);
    expect(textOf(parsePage(page.text).rootMarkup)).toContain('Now with a hardtop.');
    expect(page.text).toContain('<meta property="og:description" content="Now with a hardtop." />');
  });
});

describe('whether the car of a page exists', () => {
  it('is asked once: a kept page is sent without asking again, an unknown car each time (never kept)', async () => {
    const car = await makeCar(t.app.services.ds, { make: 'Honda', model: 'NSX' });
    await makeImage(t.app.services.ds, car, { isPrimary: true });
    const asked = vi.spyOn(t.app.services.share, 'carExists');
    try {
      expect((await newVisitor().get(`/cars/${car.slug}`)).status).toBe(200);
      expect(asked).toHaveBeenCalledTimes(1);
      const kept = await newVisitor().get(`/cars/${car.slug}`);
      expect(kept.status).toBe(200);
      expect(voteIsland(kept.text)?.carId).toBe(car.id);
      expect(asked).toHaveBeenCalledTimes(1);
      // Parameters the page does not read (made up, or a campaign's) get the same kept page: a stream of junk
      // addresses costs no render and no cache entry each.
      for (const junk of ['?x=1', '?x=2&utm_source=news', '?preview=true&pages=999999']) {
        const same = await newVisitor().get(`/cars/${car.slug}${junk}`);
        expect(same.status, junk).toBe(200);
        expect(same.text, junk).toBe(kept.text);
      }
      // Nor does spelling a letter of the address as a %-escape (the page reads its slug decoded).
      const escaped = `/cars/%${car.slug.charCodeAt(0).toString(16)}${car.slug.slice(1)}`;
      const sameCar = await newVisitor().get(escaped);
      expect(sameCar.status, escaped).toBe(200);
      expect(sameCar.text, escaped).toBe(kept.text);
      expect(asked).toHaveBeenCalledTimes(1);

      // An address naming no car: 404 each time, and not kept, so the car added with that name shows at once.
      const later = unique('later-car');
      for (let i = 0; i < 2; i++) {
        const missing = await newVisitor().get(`/cars/${later}`);
        expect(missing.status).toBe(404);
        expect(missing.text).toContain('<h1>Car Not Found</h1>');
      }
      expect(asked).toHaveBeenCalledTimes(3);
      const beat = await makeCar(t.app.services.ds, { slug: later, make: 'Honda', model: 'Beat' });
      const added = await newVisitor().get(`/cars/${later}`);
      expect(added.status).toBe(200);
      expect(voteIsland(added.text)?.carId).toBe(beat.id);
    } finally {
      asked.mockRestore();
    }
  });

  it('a kept page of a car that is then deleted is sent with 404', async () => {
    const car = await makeCar(t.app.services.ds, { make: 'Mazda', model: 'RX-7 FD' });
    await makeImage(t.app.services.ds, car, { isPrimary: true });
    expect((await newVisitor().get(`/cars/${car.slug}`)).status).toBe(200);
    expect((await newVisitor().get(`/cars/${car.slug}`)).headers.get('etag')).toMatch(/^"/);
    const admin = new HttpClient(t.baseUrl);
    expect((await admin.post('/api/login', ADMIN)).status).toBe(200);
    expect((await admin.delete(`/api/cars/${car.id}`)).status).toBeLessThan(300);
    const gone = await newVisitor().get(`/cars/${car.slug}`);
    expect(gone.status).toBe(404);
    expect(gone.text).toContain('<h1>Car Not Found</h1>');
  });
});

describe('when the page cannot be rendered', () => {
  let broken: TestApp | undefined;
  let brokenDist: string | undefined;
  afterAll(async () => {
    await broken?.close();
    if (brokenDist) rmSync(brokenDist, { recursive: true, force: true });
  });

  it('a render that fails sends index.html with its head tags instead of a 500', async () => {
    brokenDist = mkdtempSync(path.join(os.tmpdir(), 'curbside-client-broken-'));
    cpSync(dist, brokenDist, { recursive: true });
    writeFileSync(
      path.join(brokenDist, '.ssr', 'entry-server.js'),
      `export async function render() { throw new Error('the render broke'); }\n${PAGE_ADDRESS_AS_IS}`,
    );
    broken = await startTestApp({
      SERVER_RENDER: 'true',
      CLIENT_DIST: brokenDist,
      PUBLIC_URL: 'https://curbside.example',
    });
    const car = await makeCar(broken.app.services.ds, { make: 'Toyota', model: 'Supra' });
    const client = new HttpClient(broken.baseUrl);
    const indexHtml = readFileSync(path.join(brokenDist, 'index.html'), 'utf8');

    for (const pagePath of ['/', '/gallery', '/leaderboard', `/cars/${car.slug}`]) {
      const res = await client.get(pagePath);
      expect(res.status, pagePath).toBe(200);
      expect(res.text, pagePath).toContain('<div id="root"></div>');
      expect(parsePage(res.text).state, pagePath).toBeUndefined();
    }
    expect((await client.get('/gallery')).text).toBe(indexHtml);
    // The car page keeps its preview tags.
    expect((await client.get(`/cars/${car.slug}`)).text).toContain('content="1999 Toyota Supra | Curbside"');
  });

  it('SERVER_RENDER=false turns it off: the pages are then rendered in the browser', async () => {
    const off = await startTestApp({
      SERVER_RENDER: 'false',
      CLIENT_DIST: dist,
      PUBLIC_URL: 'https://curbside.example',
    });
    try {
      const client = new HttpClient(off.baseUrl);
      for (const pagePath of ['/', '/gallery', '/leaderboard']) {
        const res = await client.get(pagePath);
        expect(res.status, pagePath).toBe(200);
        expect(res.text, pagePath).toContain('<div id="root"></div>');
        expect(parsePage(res.text).state, pagePath).toBeUndefined();
      }
    } finally {
      await off.close();
    }
  });

  it('a render that does not finish in time sends index.html', async () => {
    const slowDist = mkdtempSync(path.join(os.tmpdir(), 'curbside-client-slow-'));
    cpSync(dist, slowDist, { recursive: true });
    writeFileSync(
      path.join(slowDist, '.ssr', 'entry-server.js'),
      `export function render() { return new Promise(() => {}); }\n${PAGE_ADDRESS_AS_IS}`,
    );
    const slow = await startTestApp({
      SERVER_RENDER: 'true',
      CLIENT_DIST: slowDist,
      PUBLIC_URL: 'https://curbside.example',
    });
    try {
      const started = Date.now();
      const res = await new HttpClient(slow.baseUrl).get('/leaderboard');
      expect(res.status).toBe(200);
      expect(res.text).toBe(readFileSync(path.join(slowDist, 'index.html'), 'utf8'));
      expect(Date.now() - started).toBeLessThan(RENDER_TIME_LIMIT_MS + 2_000);
    } finally {
      await slow.close();
      rmSync(slowDist, { recursive: true, force: true });
    }
  });

  it('a query that fails sends the page as before', async () => {
    const car = await makeCar(t.app.services.ds, { make: 'Datsun', model: '240Z' });
    await t.app.services.ds.query('ALTER TABLE car_images RENAME TO car_images_gone');
    try {
      t.app.services.readCache.clear();
      const res = await visitor.get(`/cars/${car.slug}`);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root"></div>');
    } finally {
      await t.app.services.ds.query('ALTER TABLE car_images_gone RENAME TO car_images');
    }
  });
});
