// `npm test`: every test tier in order, stopping at the first that fails.
//   0. Static checks: TypeScript in every workspace, then Biome (format and lint) and the import-cycle check (madge,
//      scripts/check-import-cycles.mjs), then Redocly and Spectral over the committed OpenAPI document
//      (scripts/lint-openapi.mjs).
//   1. Vitest: unit, integration and contract tests (SQLite; MySQL/MariaDB as well when TEST_MYSQL_URL is set), and
//      the read replicas on a MariaDB primary and replica the server-replica project starts itself (skipped, with the
//      reason, where mariadbd is not installed).
//      Then sqlmap against the search, car and cart endpoints of the production server (scripts/sqlmap-check.mjs).
//   2. End to end: build the client and the server, check the home page's download budget, then Playwright in
//      Debian's Chromium against the production server.
// Each runner prints its usual report and also writes a JSON report; the last line sums them up:
//   N passed, N failed[, N skipped]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(join(tmpdir(), 'curbside-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

/** Runs a command in the repository root on this terminal and returns its exit code. */
function run(label, command, args, env = {}) {
  console.log(`\n> ${label}\n`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env, ...env },
  });
  return result.status ?? 1;
}

function readReport(name) {
  const file = join(reports, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** Adds a step's counts. A step that fails without a failing test (a build, a crash) counts as one failure. */
function count(step, exitCode, { passed = 0, failed = 0, skipped = 0 } = {}) {
  if (exitCode !== 0 && failed === 0) {
    console.error(`\n${step} failed (exit code ${exitCode}): see its output above.`);
    failed = 1;
  }
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  return exitCode === 0;
}

function finish() {
  rmSync(reports, { recursive: true, force: true });
  const { passed, failed, skipped } = totals;
  console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(failed > 0 ? 1 : 0);
}

// Vitest's JSON report: a test file that fails outside any test (it would not load) counts as one failure.
function vitestCounts(report) {
  if (!report) return undefined;
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  );
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles.length,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

// Playwright's JSON report: flaky tests passed on retry; errors outside tests (server start, loading) are failures.
function playwrightCounts(report) {
  if (!report) return undefined;
  const { expected, flaky, unexpected, skipped } = report.stats;
  for (const title of flakyTitles(report.suites)) console.warn(`Flaky (passed on its retry): ${title}`);
  return { passed: expected + flaky, failed: unexpected + report.errors.length, skipped };
}

/** The titles of tests that failed once and passed on their retry, from Playwright's nested suites. */
function flakyTitles(suites = [], parents = []) {
  return suites.flatMap((suite) => {
    const path = suite.title ? [...parents, suite.title] : parents;
    const own = (suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === 'flaky'))
      .map((spec) => [...path, spec.title].join(' › '));
    return [...own, ...flakyTitles(suite.suites, path)];
  });
}

// The sqlmap check's summary: a clean endpoint passes; an injectable, a 5xx or an endpoint not reached fails.
function sqlmapCounts(report) {
  if (!report || report.targets.length === 0) return undefined;
  const passed = report.targets.filter((target) => target.verdict === 'clean').length;
  const canary = report.canary?.caught ? 1 : 0;
  return { passed: passed + canary, failed: report.targets.length - passed + (1 - canary) };
}

// 0. Static checks: a type error or a lint finding fails the run before any test starts.
if (!count('npm run typecheck', run('npm run typecheck', 'npm', ['run', 'typecheck']))) finish();
if (!count('npm run lint', run('npm run lint', 'npm', ['run', 'lint']))) finish();
// docs/openapi.json at zero Redocly and Spectral errors: two checks, counted as two tests.
const openapiLint = run('npm run openapi:lint', process.execPath, [join(root, 'scripts/lint-openapi.mjs')]);
if (!count('OpenAPI lint', openapiLint, openapiLint === 0 ? { passed: 2 } : { failed: 1 })) finish();

// 1. Vitest: every project of the root vitest.config.ts.
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const vitestJson = `--outputFile.json=${join(reports, 'vitest.json')}`;
const vitestCode = run('vitest run', process.execPath, [
  vitest,
  'run',
  '--reporter=default',
  '--reporter=json',
  vitestJson,
]);
if (!count('Vitest', vitestCode, vitestCounts(readReport('vitest.json')))) finish();

// sqlmap against the production server on a fresh SQLite database: each endpoint it attacks counts as one test,
// and so does the canary that proves these settings catch an injection.
const sqlmapJson = join(reports, 'sqlmap.json');
const sqlmapCode = run('node scripts/sqlmap-check.mjs', process.execPath, [
  join(root, 'scripts/sqlmap-check.mjs'),
  '--json',
  sqlmapJson,
]);
count('sqlmap check', sqlmapCode, sqlmapCounts(readReport('sqlmap.json')));

// 2. End to end: build the client and the server, then Playwright against the production server.
if (!count('npm run build', run('npm run build', 'npm', ['run', 'build']))) finish();
// The home page's download budget, on the build just made: one check, counted as one test.
const sizeCode = run('node scripts/check-bundle-size.mjs', process.execPath, [
  join(root, 'scripts/check-bundle-size.mjs'),
]);
count('Bundle size budget', sizeCode, sizeCode === 0 ? { passed: 1 } : { failed: 1 });
const e2eEnv = { PLAYWRIGHT_JSON_OUTPUT_FILE: join(reports, 'playwright.json') };
const e2eCode = run('npm test -w @curbside/e2e', 'npm', ['test', '-w', '@curbside/e2e'], e2eEnv);
count('Playwright', e2eCode, playwrightCounts(readReport('playwright.json')));
finish();
