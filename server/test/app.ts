import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../src/app';
import { type Config, type Database, loadConfig } from '../src/config';
import type { Mailer, MailMessage } from '../src/lib/mailer';
import { createMigratedTestDatabase } from './db';

/** Keeps every message instead of sending it. */
export class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
  lastTo(email: string): MailMessage | undefined {
    return this.sent.filter((m) => m.to === email).at(-1);
  }
  /** The token of the last link mailed to `email` (a password reset); throws when that mail has none. */
  lastTokenTo(email: string): string {
    const link = this.lastTo(email)?.link;
    const token = link ? new URL(link).searchParams.get('token') : null;
    if (!token) throw new Error(`No link with a token was mailed to ${email}`);
    return token;
  }
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  mailer: RecordingMailer;
  /** http://127.0.0.1:<port> of the listening app. */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The real app on a fresh, migrated database (SQLite, or MySQL when TEST_DB=mysql), listening on an ephemeral port.
 * Each test file gets its own database and data directory. A test that brings its own database (the read replicas'
 * primary) passes DATABASE_URL in `env`: the app then uses that one and leaves it in place when closed.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  buildOptions: Omit<BuildOptions, 'mailer'> = {},
  options: { reach?: (database: Database) => Database } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'curbside-test-'));
  const db = env.DATABASE_URL ? undefined : await createMigratedTestDatabase();
  const loaded = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: 'false',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Test files register many accounts from 127.0.0.1; the registration throttle's tests set their own limit.
    REGISTRATIONS_PER_HOUR: '1000',
    ...env,
  });
  const database = db?.database ?? loaded.database;
  // `reach` lets a test put something between the app and its database (a TCP proxy it can cut).
  const config: Config = { ...loaded, database: options.reach ? options.reach(database) : database };
  const mailer = new RecordingMailer();
  const app = await buildApp(config, { ...buildOptions, mailer });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    config,
    mailer,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await db?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A unique suffix so each test's users never collide, even on a shared MySQL server. */
export function unique(prefix = 'u'): string {
  return `${prefix}${randomBytes(4).toString('hex')}`;
}
