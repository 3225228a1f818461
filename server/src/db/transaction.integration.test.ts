import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../test/app';
import { NewsletterSubscriptionEntity } from '../modules/newsletter/newsletter-subscription.entity';
import { runInTransaction } from './transaction';

// Many requests write at once. On SQLite they share one connection, where two overlapping transactions used to fail
// with "cannot start a transaction within a transaction"; runInTransaction must run them all, each atomically.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('runInTransaction', () => {
  it('runs 25 overlapping transactions, each writing both of its rows', async () => {
    const ds = t.app.services.ds;
    const tag = unique('tx');
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        runInTransaction(ds, async (em) => {
          await em.insert(NewsletterSubscriptionEntity, { email: `${tag}-${i}-a@example.com`, source: 'test' });
          // Yield to the event loop mid-transaction so the others really overlap.
          await new Promise((resolve) => setTimeout(resolve, 1));
          await em.insert(NewsletterSubscriptionEntity, { email: `${tag}-${i}-b@example.com`, source: 'test' });
        }),
      ),
    );
    const rows = await ds.getRepository(NewsletterSubscriptionEntity).find();
    expect(rows.filter((row) => row.email.startsWith(tag))).toHaveLength(50);
  });

  it('rolls back a failed transaction completely and lets the next one run', async () => {
    const ds = t.app.services.ds;
    const email = `${unique('rb')}@example.com`;
    const failing = runInTransaction(ds, async (em) => {
      await em.insert(NewsletterSubscriptionEntity, { email, source: 'test' });
      throw new Error('boom');
    });
    const next = runInTransaction(ds, (em) => em.count(NewsletterSubscriptionEntity, { where: { email } }));
    await expect(failing).rejects.toThrow('boom');
    expect(await next).toBe(0);
  });
});

describe.runIf(process.env.TEST_DB === 'mysql')('runInTransaction on MySQL/MariaDB', () => {
  it('reads at READ COMMITTED: a row another connection commits meanwhile is seen by the next read', async () => {
    const ds = t.app.services.ds;
    const email = `${unique('rc')}@example.com`;
    const counts = await runInTransaction(ds, async (em) => {
      const count = () => em.count(NewsletterSubscriptionEntity, { where: { email } });
      const before = await count();
      // Another pooled connection, outside this transaction (at REPEATABLE READ this transaction would not see it).
      await ds.getRepository(NewsletterSubscriptionEntity).insert({ email, source: 'test' });
      return [before, await count()];
    });
    expect(counts).toEqual([0, 1]);
  });
});
