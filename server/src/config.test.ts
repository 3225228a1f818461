import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'curbside-config-'));

describe('configuration from the environment', () => {
  it('gives a working embedded setup with no variables at all', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'sqlite', file: path.join(dir, 'curbside.sqlite') });
    expect(config.siteName).toBe('Curbside');
    expect(config.seedDemo).toBe(true);
    expect(config.stripe).toBeNull();
    expect(config.secureCookies).toBe(false);
  });

  it('bounds how long a request waits on the database: 5 s to connect or for a lock, 30 s per statement', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).databaseTimeouts).toEqual({ waitMs: 5_000, queryMs: 30_000 });
    const set = loadConfig({ DATA_DIR: dataDir(), DATABASE_TIMEOUT_MS: '800', DATABASE_QUERY_TIMEOUT_MS: '2000' });
    expect(set.databaseTimeouts).toEqual({ waitMs: 800, queryMs: 2000 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_TIMEOUT_MS: '0' })).toThrow(
      /DATABASE_TIMEOUT_MS: must be at least 100/,
    );
  });

  it('lets an address register 5 accounts an hour unless REGISTRATIONS_PER_HOUR says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).registrationsPerHour).toBe(5);
    expect(loadConfig({ DATA_DIR: dataDir(), REGISTRATIONS_PER_HOUR: '50' }).registrationsPerHour).toBe(50);
    expect(() => loadConfig({ DATA_DIR: dataDir(), REGISTRATIONS_PER_HOUR: '0' })).toThrow(
      /REGISTRATIONS_PER_HOUR: must be at least 1/,
    );
  });

  it('keeps the generated development session secret across restarts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it('uses MySQL for a mysql:// or mariadb:// DATABASE_URL, without demo data unless asked', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'mariadb://u:p@db:3306/curbside' });
    expect(config.database).toEqual({ kind: 'mysql', url: 'mariadb://u:p@db:3306/curbside', replicaUrls: [] });
    expect(config.seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'mysql://db/x', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('reads replicas of the MySQL database from DATABASE_REPLICA_URLS, and refuses them without DATABASE_URL', () => {
    const replicated = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'mysql://app:p@primary/curbside',
      DATABASE_REPLICA_URLS: 'mysql://reader:p@replica-1/curbside, mariadb://reader:p@replica-2/curbside',
    });
    expect(replicated.database).toEqual({
      kind: 'mysql',
      url: 'mysql://app:p@primary/curbside',
      replicaUrls: ['mysql://reader:p@replica-1/curbside', 'mariadb://reader:p@replica-2/curbside'],
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_REPLICA_URLS: 'mysql://reader:p@replica-1/c' })).toThrow(
      /DATABASE_REPLICA_URLS: replicas need their primary: set DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'mysql://db/x', DATABASE_REPLICA_URLS: 'mysql://r/x,r2:3306' }),
    ).toThrow(/DATABASE_REPLICA_URLS: each must be a mysql:\/\/ or mariadb:\/\/ URL, .*\(1 of the 2 given is not\)/);
  });

  it('stops start-up with a message naming the bad variable', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ PORT: 'eighty' }, /PORT: must be a port number/],
      [{ DATABASE_URL: 'postgres://db/x' }, /DATABASE_URL: must be a mysql:\/\/ or mariadb:\/\/ URL/],
      [{ SESSION_SECRET: 'short' }, /SESSION_SECRET: must be at least 32 characters/],
      [{ NODE_ENV: 'production' }, /SESSION_SECRET: required in production/],
      [{ ADMIN_EMAIL: 'boss@example.com' }, /ADMIN_EMAIL and ADMIN_PASSWORD must be set together/],
      [{ TRUST_PROXY: 'maybe' }, /TRUST_PROXY: must be true, false or a comma-separated list .*\(not: maybe\)/],
      [{ TRUST_PROXY: '10.0.0.1, 10.0.0.0/33' }, /TRUST_PROXY: .*\(not: 10\.0\.0\.0\/33\)/],
      [{ REQUEST_TIMEOUT_MS: '10' }, /REQUEST_TIMEOUT_MS: must be at least 1000/],
      [{ STRIPE_SECRET_KEY: 'sk_test_x' }, /STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET/],
    ];
    for (const [env, message] of cases) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
    }
  });

  it('trusts the proxies at listed addresses and ranges, the one in front for true, none for false', () => {
    const listed = loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.5, 172.18.0.0/16,2001:db8::/32' });
    expect(listed.trustProxy).toEqual(['10.0.0.5', '172.18.0.0/16', '2001:db8::/32']);
    const oneHop = loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' }).trustProxy;
    expect(typeof oneHop === 'function' && [oneHop('203.0.113.9', 0), oneHop('203.0.113.9', 1)]).toEqual([true, false]);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
  });

  describe('in production', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'f3a9c1e07b5d48a2e6c9b0d17f4a83e5',
      PUBLIC_URL: 'https://curbside.example',
      SMTP_URL: 'smtps://mailer:secret@smtp.example:465',
    };
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };

    it('loads no demo data on the embedded database unless asked, and takes payments through Stripe', () => {
      const config = loadConfig({ DATA_DIR: dataDir(), ...production, ...stripe });
      expect(config.seedDemo).toBe(false);
      expect(config.stripe).not.toBeNull();
      expect(config.unsafeInProduction).toEqual({
        demoData: false,
        testPayments: false,
        httpPublicUrl: false,
        outboxMail: false,
      });
    });

    it('refuses to start without Stripe: the test card would place orders without payment', () => {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...production })).toThrow(
        /STRIPE_SECRET_KEY: production takes card payments through Stripe.*ALLOW_TEST_PAYMENTS_IN_PRODUCTION=true/s,
      );
    });

    it('refuses to start with the demo data, whose admin password is published', () => {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...production, ...stripe, SEED_DEMO: 'true' })).toThrow(
        /SEED_DEMO: the demo data .* is refused in production; set ALLOW_DEMO_DATA_IN_PRODUCTION=true/s,
      );
    });

    it('allows each for a demonstration site when told so by name, and says so', () => {
      const demo = loadConfig({
        DATA_DIR: dataDir(),
        ...production,
        SEED_DEMO: 'true',
        ALLOW_DEMO_DATA_IN_PRODUCTION: 'true',
        ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true',
      });
      expect([demo.seedDemo, demo.stripe]).toEqual([true, null]);
      expect(demo.unsafeInProduction).toEqual({
        demoData: true,
        testPayments: true,
        httpPublicUrl: false,
        outboxMail: false,
      });
    });

    it('refuses to start without PUBLIC_URL, with an http one, or without SMTP, naming each variable', () => {
      const without = (name: string) => Object.fromEntries(Object.entries(production).filter(([key]) => key !== name));
      const start = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir(), ...stripe, ...env });
      expect(start(without('PUBLIC_URL'))).toThrow(/PUBLIC_URL: required in production/);
      expect(start({ ...production, PUBLIC_URL: 'http://curbside.example' })).toThrow(
        /PUBLIC_URL: must be an https:\/\/ address in production.*ALLOW_HTTP_PUBLIC_URL=true/s,
      );
      expect(start(without('SMTP_URL'))).toThrow(
        /SMTP_URL: production sends mail .*ALLOW_OUTBOX_MAIL_IN_PRODUCTION=true/s,
      );
      // Every refusal at once, so one restart shows them all.
      expect(start({ NODE_ENV: 'production', SESSION_SECRET: production.SESSION_SECRET })).toThrow(
        /PUBLIC_URL: required.*SMTP_URL: production sends mail/s,
      );
    });

    it('starts with an http PUBLIC_URL or the outbox only when told so by name, and says so', () => {
      const site = loadConfig({
        DATA_DIR: dataDir(),
        ...production,
        ...stripe,
        PUBLIC_URL: 'http://10.0.0.5:3000',
        SMTP_URL: '',
        ALLOW_HTTP_PUBLIC_URL: 'true',
        ALLOW_OUTBOX_MAIL_IN_PRODUCTION: 'true',
      });
      expect([site.publicUrl, site.secureCookies, site.smtpUrl]).toEqual(['http://10.0.0.5:3000', false, null]);
      expect(site.unsafeInProduction).toMatchObject({ httpPublicUrl: true, outboxMail: true });
    });
  });

  it('refuses a SESSION_SECRET that is one character or a short pattern repeated, in any secret of the list', () => {
    const random = 'f3a9c1e07b5d48a2e6c9b0d17f4a83e5';
    for (const weak of [
      'p'.repeat(32),
      'ab'.repeat(16),
      'password'.repeat(4),
      '0123456789'.repeat(4),
      `${random},${'x'.repeat(40)}`,
      `${random},short`,
    ]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET: weak }), weak).toThrow(
        /SESSION_SECRET: each secret must be at least 32 random characters/,
      );
    }
    for (const strong of [
      random,
      `${random},e7c2b94d0a6f13b8c5e9a2d7f0b4c61a`,
      'production-secret-of-at-least-32-chars',
    ]) {
      expect(loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET: strong }).sessionSecret, strong).toBe(strong);
    }
  });

  it('marks cookies Secure when the public URL is https', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://curbside.example/' });
    expect(config.secureCookies).toBe(true);
    expect(config.publicUrl).toBe('https://curbside.example');
  });
});
