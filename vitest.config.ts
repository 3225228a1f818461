import { defineConfig } from 'vitest/config';

// One Vitest run covers every tier that needs no browser. Projects:
// - shared, client, server-unit: pure logic, no database.
// - server-sqlite: integration and contract tests on a fresh embedded database per test file.
// - server-mysql: the same files on MySQL/MariaDB; only when TEST_MYSQL_URL is set.
// - server-replica: the read replicas (DATABASE_REPLICA_URLS) on a MariaDB primary and replica of its own, started
//   for it (scripts/mariadb-replica-pair.mjs); skipped, with the reason, where mariadbd is not installed.
const integration = ['server/src/**/*.integration.test.ts', 'server/test/**/*.integration.test.ts'];
// Suites about the HTTP layer whose outcome does not depend on the database (fuzzed inputs refused by the schemas,
// access levels, cross-site and cross-origin rules, request bounds, the OpenAPI document, server-side rendering):
// run on SQLite only, to keep CI under 30 minutes on 2 cores. Everything that counts, locks or queries runs on both.
const SQLITE_ONLY = [
  'server/test/fuzz/**',
  'server/test/hardening/{authorization-matrix,cross-site,cross-origin,token-scopes,request-bounds}.integration.test.ts',
  'server/test/contract/{generated-client,openapi-document,error-responses,platform,documented-statuses,api-examples}.integration.test.ts',
  'server/src/plugins/page-render.integration.test.ts',
];

// The server's projects run their files one after another in each worker without re-importing the app for each
// (`isolate: false`): importing Fastify, TypeORM and every module was ~60% of the suite's CPU time, and each file
// builds its own app on its own database anyway (module state is keyed by app or DataSource, as two apps in one
// process need: test/scale-out). The client's files keep Vitest's isolation (a fresh DOM and module mocks per file).
const SHARED_MODULES = { isolate: false } as const;

export default defineConfig({
  test: {
    // Two test files at a time, one per core: Vitest's default leaves one core idle on a 2-core machine (cores − 1),
    // and the integration files mostly wait on their database and HTTP. Each file has its own database.
    maxWorkers: 2,
    projects: [
      // Room for the property-based tests' hundreds of runs on a busy machine (Vitest's default is 5 s).
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      {
        extends: './client/vite.config.ts',
        test: {
          name: 'client',
          root: './client',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
          // Room for several 10 s Testing Library waits (src/test/setup.ts) on a busy machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server-unit',
          ...SHARED_MODULES,
          include: ['server/src/**/*.test.ts'],
          exclude: integration,
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server-sqlite',
          ...SHARED_MODULES,
          include: integration,
          // One migrated database that each test app starts on a copy of (server/test/database-template.ts).
          globalSetup: ['server/test/database-template.ts'],
          environment: 'node',
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-replica',
          include: ['server/test/replicas/**/*.replica.test.ts'],
          globalSetup: ['server/test/replicas/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...(process.env.TEST_MYSQL_URL
        ? [
            {
              test: {
                name: 'server-mysql',
                ...SHARED_MODULES,
                include: integration,
                exclude: SQLITE_ONLY,
                globalSetup: ['server/test/database-template.ts'],
                environment: 'node' as const,
                env: { TEST_DB: 'mysql' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
