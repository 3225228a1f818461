import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_TYPES, clientTypes } from '../../scripts/openapi-types';
import { jpegBytes } from '../../src/modules/images/upload-test-helpers';
import { startTestApp, type TestApp, unique } from '../app';
import {
  adminShipsTheOrder,
  adminStocksTheShop,
  apiClient,
  shopperPaysWithTestCard,
  shopperRecordsTheOrder,
  shopperStartsCheckout,
  visitorSignsUpAndVotes,
} from './generated-client/journeys';

// A client generated from the committed document is a test: openapi-typescript's types of docs/openapi.json, a
// script written only against them and openapi-fetch (generated-client/journeys.ts), typechecked on its own, and
// run against the real server — a visitor through to My Orders, an admin stocking the shop and shipping the order.

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
let t: TestApp;
const adminAccount = { email: `${unique('boss')}@example.com`, password: 'admin-password-1' };

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL: adminAccount.email, ADMIN_PASSWORD: adminAccount.password });
});
afterAll(async () => {
  await t?.close();
});

describe('the generated client', () => {
  it('is generated from the committed document (npm run openapi:write writes both)', async () => {
    expect(
      readFileSync(CLIENT_TYPES, 'utf8'),
      'generated-client/api.d.ts is stale: run `npm run openapi:write` and commit it',
    ).toBe(await clientTypes());
  });

  it('typechecks the script written only against it, uploads included, without casts', () => {
    const script = readFileSync(path.join(here, 'generated-client/journeys.ts'), 'utf8');
    expect(script).not.toMatch(/\bas (unknown|any|never)\b|@ts-(ignore|expect-error)/);
    expect([...script.matchAll(/from '([^']+)'/g)].map((m) => m[1]).sort()).toEqual(['./api', 'openapi-fetch']);
    const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
    const project = path.join(here, 'generated-client/tsconfig.json');
    // Throws with tsc's report when the script does not typecheck.
    execFileSync(process.execPath, [tsc, '-p', project], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
  }, 120_000);

  it('runs the whole journey against the real server', async () => {
    const picture = { bytes: new Uint8Array(await jpegBytes(728, 90)), type: 'image/jpeg' };
    const admin = apiClient(`${t.baseUrl}/api`);
    expect((await admin.client.POST('/login', { body: adminAccount })).response.status).toBe(200);
    const shop = await adminStocksTheShop(admin.client, picture, unique('s'));
    expect(shop.print.isMerch).toBe(false);
    expect(shop.merch.isMerch).toBe(true);
    expect(shop.ad.imageUrl).toMatch(/^\/api\/file\//);
    expect(shop.event.title).toMatch(/^Cars and Coffee/);

    const visitor = apiClient(`${t.baseUrl}/api`);
    const name = unique('v');
    const seen = await visitorSignsUpAndVotes(visitor.client, picture, name, (email) => t.mailer.lastTokenTo(email));
    expect(seen.me.username).toBe(name);
    expect(seen.cars.map((car) => car.id)).toContain(seen.car.id);
    expect(seen.found.map((car) => car.id)).toContain(seen.car.id);
    expect(seen.detail.images.map((image) => image.id)).toContain(seen.image.id);
    expect(seen.vote.totalVotes).toBe(1);
    expect(JSON.stringify(seen.leaderboard)).toContain(seen.car.slug);

    const { cart, intent } = await shopperStartsCheckout(
      visitor.client,
      { carId: seen.car.id, imageId: seen.image.id, printId: shop.print.id, merchId: shop.merch.id },
      `${name}@example.com`,
    );
    expect(cart).toHaveLength(2);
    expect(intent.amount).toBe(2 * 2499 + 500);
    expect(intent.total).toBe(intent.amount + intent.shipping + intent.tax);

    const paid = await shopperPaysWithTestCard(visitor.client, intent);
    expect(paid).toBeTruthy();

    const { order, mine } = await shopperRecordsTheOrder(visitor.client, intent.paymentId);
    expect(order.total).toBe(intent.total);
    expect(mine.map((o) => o.id)).toEqual([order.id]);

    const { orders, shipped } = await adminShipsTheOrder(admin.client, order.id);
    expect(orders.map((o) => o.id)).toContain(order.id);
    expect(shipped.status).toBe('shipped');
    const after = await visitor.client.GET('/user/orders');
    expect(after.data?.[0]?.status).toBe('shipped');
  });
});
