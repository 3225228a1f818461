import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { SERVER_LIMITS } from '@curbside/shared';
import { z } from 'zod';

// The one place that reads the environment. Everything else receives a typed Config.

const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const MYSQL_URL = /^(mysql|mariadb):\/\/.+/;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(MYSQL_URL, 'must be a mysql:// or mariadb:// URL (leave unset for the embedded database)')
    .optional(),
  // Read replicas of DATABASE_URL's database (docs/operations.md, "Read replicas"): comma-separated URLs.
  DATABASE_REPLICA_URLS: z.string().optional(),
  DATABASE_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int()
    .min(100, 'must be at least 100 (milliseconds)')
    .default(5_000),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int()
    .min(100, 'must be at least 100 (milliseconds)')
    .default(30_000),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  TRUST_PROXY: z.string().default('false'),
  REGISTRATIONS_PER_HOUR: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(SERVER_LIMITS.registrationsPerAddress),
  PUBLIC_URL: z.url('must be a URL such as https://curbside.example').optional(),
  SITE_NAME: z.string().min(1).default('Curbside'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: boolFromEnv.optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  CLIENT_DIST: z.string().min(1).optional(),
  // Photo storage: files under DATA_DIR/uploads unless S3_BUCKET names a bucket of an S3-compatible service.
  S3_BUCKET: z.string().min(3, 'must be a bucket name').optional(),
  S3_ENDPOINT: z.url('must be a URL such as https://s3.example.com').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: boolFromEnv.default(false),
  // Prometheus metrics at /metrics, only for requests bearing this token; unset: not served.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Landing pages rendered on the server for signed-out visitors (plugins/page-render.ts). Off by default until its
  // memory under load is understood (docs/performance.md).
  SERVER_RENDER: boolFromEnv.default(true),
  // One landing page rendered in the background right after the server listens (ops/warm-up.ts), so the first
  // visitor's render does not pay for loading and compiling the render's code.
  SERVER_RENDER_WARM_UP: boolFromEnv.default(true),
  // Production refuses the demo data (its admin's password is in the README) and the test card (it places orders
  // without payment) unless these say, loudly, that this is not a real shop.
  ALLOW_DEMO_DATA_IN_PRODUCTION: boolFromEnv.default(false),
  ALLOW_TEST_PAYMENTS_IN_PRODUCTION: boolFromEnv.default(false),
  // Production needs an https PUBLIC_URL (Secure cookies, links in mail, QR codes) and SMTP (the outbox keeps reset
  // links in plain text on disk) unless these say this site is not a public one.
  ALLOW_HTTP_PUBLIC_URL: boolFromEnv.default(false),
  ALLOW_OUTBOX_MAIL_IN_PRODUCTION: boolFromEnv.default(false),
  // The longest a request may take to arrive whole (headers and body), so a client trickling its body cannot hold a
  // connection open for ever; the default leaves a 10 MB photo about 1 Mbit/s.
  REQUEST_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int()
    .min(1_000, 'must be at least 1000 (milliseconds)')
    .default(90_000),
});

export type Database =
  | { kind: 'sqlite'; file: string }
  | {
      kind: 'mysql';
      /** The primary: every write, and every read that is not sent to a replica (db/replicas.ts). */
      url: string;
      /** Replicas of the primary for the reads that may be a second behind (DATABASE_REPLICA_URLS); often none. */
      replicaUrls: string[];
    };

/** How long a request may wait on the database before it gets a 503 instead of hanging. */
export interface DatabaseTimeouts {
  /** Connecting, a free pooled connection, or a lock held by another connection (SQLite's busy timeout). */
  waitMs: number;
  /** MySQL/MariaDB: one statement; past it the connection is dropped (a silent network looks like this). */
  queryMs: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: Database;
  databaseTimeouts: DatabaseTimeouts;
  sessionSecret: string;
  admin: { email: string; password: string } | null;
  /** Accounts one address may try to register per hour (REGISTRATIONS_PER_HOUR). */
  registrationsPerHour: number;
  /**
   * Fastify's trustProxy: false; (TRUST_PROXY=true) the one proxy in front, see trustOneProxy; or (a list of
   * addresses and CIDR ranges) the proxies at those addresses.
   */
  trustProxy: false | string[] | ((address: string, hop: number) => boolean);
  publicUrl: string;
  secureCookies: boolean;
  siteName: string;
  smtpUrl: string | null;
  mailFrom: string;
  logLevel: string;
  seedDemo: boolean;
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | null;
  /** Built client to serve (production); null serves no client. */
  clientDist: string | null;
  /** Where uploaded photos are kept. */
  storage: StorageConfig;
  /** The Bearer token /metrics asks for; null: /metrics is not served. */
  metricsToken: string | null;
  /** Render the landing pages on the server for signed-out visitors. */
  serverRender: boolean;
  /** Render the home page once right after listening (SERVER_RENDER_WARM_UP), when pages are rendered on the server. */
  serverRenderWarmUp: boolean;
  /** How long a request may take to arrive, headers and body (REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** What production was told to allow although it is unsafe there; the app logs a warning for each. */
  unsafeInProduction: { demoData: boolean; testPayments: boolean; httpPublicUrl: boolean; outboxMail: boolean };
}

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      endpoint: string | null;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {}

/** Reads and validates the environment once. A bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset" (compose files and shells often export VAR=).
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });

  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together',
    );
  }

  const s3Keys = [e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Keys.some(Boolean) && !s3Keys.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }

  const replicaUrls = replicaUrlsFrom(e.DATABASE_REPLICA_URLS, e.DATABASE_URL);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const production = e.NODE_ENV === 'production';
  const sessionSecret = e.SESSION_SECRET ?? developmentSessionSecret(e.NODE_ENV, dataDir);
  // Demo data by default only on the embedded database outside production: a MySQL or production site is a real one.
  const seedDemo = e.SEED_DEMO ?? (!e.DATABASE_URL && !production);
  const stripe =
    e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
        }
      : null;
  if (e.SESSION_SECRET) {
    const weak = sessionSecrets(e.SESSION_SECRET).filter((secret) => !strongEnough(secret));
    if (weak.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  SESSION_SECRET: each secret must be at least ${SECRET_MIN_LENGTH} random characters, not` +
          ` one character or a short pattern repeated (at least ${SECRET_MIN_DISTINCT} different ones); use e.g. the` +
          ' output of openssl rand -hex 32',
      );
    }
  }
  const refused: string[] = [];
  if (production && !e.PUBLIC_URL) {
    refused.push(
      'PUBLIC_URL: required in production: the https:// address visitors use (links in e-mails, QR codes, Secure cookies)',
    );
  } else if (production && !publicUrl.startsWith('https://') && !e.ALLOW_HTTP_PUBLIC_URL) {
    refused.push(
      'PUBLIC_URL: must be an https:// address in production (cookies are Secure only there); set' +
        ' ALLOW_HTTP_PUBLIC_URL=true only for a site nobody reaches over the internet',
    );
  }
  if (production && !e.SMTP_URL && !e.ALLOW_OUTBOX_MAIL_IN_PRODUCTION) {
    refused.push(
      'SMTP_URL: production sends mail (password resets, orders) through SMTP; without it mail is written to the' +
        ' outbox folder with reset links in plain text, so that is refused unless ALLOW_OUTBOX_MAIL_IN_PRODUCTION=true',
    );
  }
  if (production && seedDemo && !e.ALLOW_DEMO_DATA_IN_PRODUCTION) {
    refused.push(
      'SEED_DEMO: the demo data (with its published admin password) is refused in production;' +
        ' set ALLOW_DEMO_DATA_IN_PRODUCTION=true only for a demonstration site',
    );
  }
  if (production && !stripe && !e.ALLOW_TEST_PAYMENTS_IN_PRODUCTION) {
    refused.push(
      'STRIPE_SECRET_KEY: production takes card payments through Stripe (set STRIPE_SECRET_KEY,' +
        ' STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET); the test card places orders without payment, so it is' +
        ' refused unless ALLOW_TEST_PAYMENTS_IN_PRODUCTION=true',
    );
  }
  if (refused.length > 0) throw new ConfigError(`Invalid configuration:\n  ${refused.join('\n  ')}`);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'mysql', url: e.DATABASE_URL, replicaUrls }
      : { kind: 'sqlite', file: path.join(dataDir, 'curbside.sqlite') },
    databaseTimeouts: { waitMs: e.DATABASE_TIMEOUT_MS, queryMs: e.DATABASE_QUERY_TIMEOUT_MS },
    sessionSecret,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : null,
    registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
    trustProxy: trustProxyFrom(e.TRUST_PROXY),
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    siteName: e.SITE_NAME,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? `${e.SITE_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    logLevel: e.LOG_LEVEL,
    seedDemo,
    stripe,
    // The built client (npm run build) is served unless told otherwise; tests serve none unless they ask.
    clientDist: e.CLIENT_DIST ? path.resolve(e.CLIENT_DIST) : e.NODE_ENV === 'test' ? null : defaultClientDist(),
    storage:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT ?? null,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local', dir: path.join(dataDir, 'uploads') },
    metricsToken: e.METRICS_TOKEN ?? null,
    serverRender: e.SERVER_RENDER,
    serverRenderWarmUp: e.SERVER_RENDER && e.SERVER_RENDER_WARM_UP,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    unsafeInProduction: {
      demoData: production && seedDemo,
      testPayments: production && !stripe,
      httpPublicUrl: production && !publicUrl.startsWith('https://'),
      outboxMail: production && !e.SMTP_URL,
    },
  };
}

/** DATABASE_REPLICA_URLS: each a mysql:// or mariadb:// URL, and only beside DATABASE_URL (the primary). */
function replicaUrlsFrom(value: string | undefined, primary: string | undefined): string[] {
  const urls = (value ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  if (urls.length === 0) return [];
  if (!primary) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_REPLICA_URLS: replicas need their primary: set DATABASE_URL to the' +
        ' MySQL/MariaDB database they replicate (the embedded SQLite database has no replicas)',
    );
  }
  const bad = urls.filter((url) => !MYSQL_URL.test(url));
  if (bad.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  DATABASE_REPLICA_URLS: each must be a mysql:// or mariadb:// URL, separated by commas (${bad.length} of the ${urls.length} given is not)`,
    );
  }
  return urls;
}

const SECRET_MIN_LENGTH = 32;
const SECRET_MIN_DISTINCT = 6;

/**
 * A session secret long enough and not obviously guessable: refused when it has fewer than 6 different characters
 * (`aaaa…`, `abab…`) or is a shorter pattern repeated (`password` four times, `0123456789…`). 32 random hex digits
 * fail either rule with a chance below one in 10^12.
 */
function strongEnough(secret: string): boolean {
  if (secret.length < SECRET_MIN_LENGTH || new Set(secret).size < SECRET_MIN_DISTINCT) return false;
  for (let period = 1; period <= secret.length / 2; period++) {
    if (secret.slice(period) === secret.slice(0, -period)) return false;
  }
  return true;
}

/** The secrets of SESSION_SECRET in order: comma-separated while rotating, the first signs (docs/operations.md). */
export function sessionSecrets(value: string): string[] {
  return value
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean);
}

/**
 * TRUST_PROXY: `false`; `true` for the one proxy in front of this server; or a comma-separated list of the proxies'
 * addresses and CIDR ranges (`10.0.0.5, 172.18.0.0/16`), so a request from anywhere else is taken at its word for
 * nothing. Anything else stops start-up.
 */
function trustProxyFrom(value: string): Config['trustProxy'] {
  const lower = value.trim().toLowerCase();
  if (['false', '0', 'no'].includes(lower)) return false;
  if (['true', '1', 'yes'].includes(lower)) return trustOneProxy;
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY: must be true, false or a comma-separated list of proxy addresses and CIDR ranges (not: ${bad.join(', ')})`,
    );
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (version === 4 ? 32 : 128);
}

/**
 * Behind TRUST_PROXY only the socket's peer (our proxy) is trusted: the client IP is the address it appended to
 * X-Forwarded-For, not the first entry, which the client can write itself to dodge every per-IP limit.
 */
function trustOneProxy(_address: string, hop: number): boolean {
  return hop === 0;
}

function defaultClientDist(): string {
  return path.resolve(import.meta.dirname, '../../client/dist');
}

/** Outside production a secret is generated once and kept in DATA_DIR, so sessions survive restarts. */
function developmentSessionSecret(nodeEnv: string, dataDir: string): string {
  if (nodeEnv === 'production') {
    throw new ConfigError('Invalid configuration:\n  SESSION_SECRET: required in production (at least 32 characters)');
  }
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet: create it below
  }
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
