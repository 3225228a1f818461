// `npm run audit:web`: Lighthouse page-speed audit of the built client (not part of `npm test`).
//   1. Builds the client when client/dist/index.html is missing (`--build` rebuilds it anyway).
//   2. Starts the production server the way e2e/playwright.config.ts does: a fresh embedded database with the demo data.
//      It serves a copy of client/dist (CLIENT_DIST), so a build started meanwhile in this checkout cannot break it.
//   3. Runs Lighthouse (its default config, the mobile preset) in Debian's Chromium on /, /gallery, a car page and
//      /leaderboard, one fresh browser per run, three runs per page (the median run counts).
//   4. Prints the scores against the targets (each category, CLS, Total Blocking Time and the main-thread work budget,
//      with Lighthouse's host benchmark index) and, for each target missed, the audits that fail in it or where the
//      main thread's time went.
//   5. Measures "click to content" along home → gallery → car → leaderboard: in Chromium with the throttling
//      Lighthouse's mobile preset stands for (CPU 4× slower; 562.5 ms request latency, 1.44 Mbit/s down, 0.66 Mbit/s
//      up: its devtools figures), from the click (the event's time) to the frame after the next page's content is in
//      the document. Twice: clicking as soon as the pointer is on the link, and clicking once what pointing at it
//      started has arrived (the network quiet). Target: under 300 ms per step.
// Options: --json <file> also writes the figures as JSON; --runs <n> Lighthouse runs per page, the median
// (by performance score) is reported (default 3); --build rebuilds the client first; --click-only measures only
// click to content (no Lighthouse run); --page <name> audits only that page (home, gallery, car, leaderboard; may be
// repeated); --lhr-dir <dir> also writes each page's median Lighthouse report there (<page>.json).
// Environment: CHROME_PATH (default /usr/bin/chromium).
// Exit code: 0 every target met, 1 a target missed, 2 the audit could not run (build, server or browser failure).
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs as parseCommandLine } from 'node:util';
// Installed for the e2e workspace and hoisted to the root node_modules (chrome-launcher comes with lighthouse).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling as lighthouseThrottling } from 'lighthouse/core/config/constants.js';
import { killServerSync, sleep, startServer, stopServer } from './production-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The same browser and flags as the e2e run.
const chromium = JSON.parse(readFileSync(join(root, 'e2e/chromium.json'), 'utf8'));
// biome-ignore lint/suspicious/noUndeclaredEnvVars: read by this script only, never by a turbo task
const chromePath = process.env.CHROME_PATH || chromium.path;
const chromeFlags = chromium.flags;

const CATEGORIES = [
  { id: 'performance', label: 'Performance' },
  { id: 'accessibility', label: 'Accessibility' },
  { id: 'best-practices', label: 'Best practices' },
  { id: 'seo', label: 'SEO' },
];
const SCORE_TARGET = 95; // every category, 0-100
const CLS_TARGET = 0.05;
// What a phone's main thread may spend on a landing page (Lighthouse's "Minimize main-thread work", in its
// simulated 4x slower CPU), and the Total Blocking Time that leaves. Main-thread work is the steadier figure: the budget.
const MAIN_THREAD_BUDGET_MS = 2_500;
const TBT_TARGET_MS = 150;
const PAGE_NAMES = ['home', 'gallery', 'car', 'leaderboard'];
const FAILING_AUDIT_SCORE = 0.9; // an audit under this score is listed under its category

// ---- Arguments -------------------------------------------------------------------------------------------------------

/** The command line, checked: `--json <file>` (or --json=file), `--runs <n>` (default 3), `--build`, `--help`. */
function parseArgs(argv) {
  let values;
  try {
    ({ values } = parseCommandLine({
      args: argv,
      options: {
        json: { type: 'string' },
        runs: { type: 'string', default: '3' },
        build: { type: 'boolean', default: false },
        'click-only': { type: 'boolean', default: false },
        page: { type: 'string', multiple: true },
        'lhr-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    usage(error.message);
  }
  if (values.help) usage();
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) usage('--runs needs a whole number of at least 1');
  const pages = values.page ?? [];
  const unknown = pages.filter((name) => !PAGE_NAMES.includes(name));
  if (unknown.length) usage(`--page takes ${PAGE_NAMES.join(', ')} (not ${unknown.join(', ')})`);
  return {
    json: values.json,
    build: values.build,
    runs,
    clickOnly: values['click-only'],
    pages,
    lhrDir: values['lhr-dir'],
  };
}

/** A path given on the command line: relative to where `npm run audit:web` was typed (npm runs it from the root). */
function userPath(path) {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: set by npm for this script, never read by a turbo task
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

function usage(error) {
  if (error) console.error(`audit-web: ${error}`);
  console.log(
    'Usage: npm run audit:web -- [--json <file>] [--runs <n>] [--build] [--click-only] [--page <name>]... ' +
      '[--lhr-dir <dir>]',
  );
  process.exit(error ? 2 : 0);
}

// ---- Client build ----------------------------------------------------------------------------------------------------

/** Newest modification time of the files under a path (0 when it does not exist). */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function ensureBuild(force) {
  const indexHtml = join(root, 'client/dist/index.html');
  if (force || !existsSync(indexHtml)) {
    console.log(`> npm run build (${force ? '--build' : 'client/dist/index.html is missing'})\n`);
    const result = spawnSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env },
    });
    if (result.status !== 0) throw new Error(`npm run build failed (exit code ${result.status ?? result.signal})`);
    return;
  }
  // An old build audits old code: say so rather than rebuild behind the caller's back.
  const built = statSync(indexHtml).mtimeMs;
  const sources = ['client/src', 'client/index.html', 'client/public', 'client/vite.config.ts', 'shared/src'];
  if (sources.some((source) => newestMtime(join(root, source)) > built)) {
    console.warn('Warning: client sources changed after client/dist was built; run with --build to audit them.\n');
  }
}

/** Copies client/dist into the work directory once it is complete (every file index.html names exists). */
async function snapshotClient(workDir) {
  const dist = join(root, 'client/dist');
  const copy = join(workDir, 'client-dist');
  for (let attempt = 1; ; attempt++) {
    rmSync(copy, { recursive: true, force: true });
    cpSync(dist, copy, { recursive: true });
    const html = readFileSync(join(copy, 'index.html'), 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]);
    if (assets.every((asset) => existsSync(join(copy, asset)))) return copy;
    if (attempt === 10) throw new Error('client/dist/index.html names files that are missing: rebuild the client');
    await sleep(2_000); // a build is writing client/dist right now
  }
}

// ---- Server ----------------------------------------------------------------------------------------------------------

/** The production server on a fresh embedded database with the demo data, serving the client copy. */
function startAuditServer(dataDir, clientDist) {
  return startServer({
    dataDir,
    env: { CLIENT_DIST: clientDist },
    secret: 'audit-web-session-secret-of-at-least-32-characters',
  });
}

// ---- Lighthouse ------------------------------------------------------------------------------------------------------

/** Finds the car page of the newest demo car. */
async function carPagePath(baseURL) {
  const response = await fetch(`${baseURL}/api/cars?limit=1`);
  if (!response.ok) throw new Error(`GET /api/cars?limit=1 responded with ${response.status}`);
  const cars = await response.json();
  const slug = Array.isArray(cars) ? cars[0]?.slug : undefined;
  if (!slug) throw new Error('GET /api/cars?limit=1 returned no car: is the demo data seeded?');
  return `/cars/${encodeURIComponent(slug)}`;
}

/** Up to three things an audit points at: page elements (CSS selectors) or, failing that, resource paths. */
function examples(audit) {
  const items = audit?.details?.items;
  if (!Array.isArray(items)) return [];
  const found = [];
  for (const item of items) {
    const node = item.node ?? item.element;
    let example;
    if (node?.type === 'node' && node.selector) example = node.selector;
    else if (typeof item.url === 'string' && /^https?:/.test(item.url)) {
      const url = new URL(item.url);
      example = url.pathname + url.search;
    }
    if (example && example.length > 100) example = `${example.slice(0, 97)}...`;
    if (example && !found.includes(example)) found.push(example);
    if (found.length === 3) break;
  }
  return found;
}

/** The audits of a category that score under FAILING_AUDIT_SCORE, heaviest and worst first. */
function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  return category.auditRefs
    .filter((ref) => ref.group !== 'hidden')
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && typeof audit.score === 'number' && audit.score < FAILING_AUDIT_SCORE)
    .sort((a, b) => b.ref.weight - a.ref.weight || a.audit.score - b.audit.score)
    .map(({ ref, audit }) => ({
      id: ref.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      displayValue: audit.displayValue || undefined,
      examples: examples(audit),
    }));
}

let chrome; // the browser of the current run, for the signal handlers

/** One Lighthouse run (default config: the mobile preset) in a fresh browser. */
async function runLighthouse(url) {
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    if (!result?.lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    return result.lhr;
  } finally {
    await chrome.kill();
    chrome = undefined;
  }
}

const performanceScore = (lhr) => lhr.categories.performance?.score ?? 0;

/**
 * Audits a page `runs` times and keeps the run with the median performance score (Lighthouse's figures move by
 * several points between runs on a shared 2-core machine). A run Lighthouse could not complete (runtimeError: the
 * page did not load or paint, or Chromium's trace lost its navigation start: NO_NAVSTART, now and then) is run
 * again, so the median is of `runs` measured runs; the page fails when `runs` attempts in all could not complete.
 */
async function audit(name, url, runs, lhrDir) {
  const lhrs = [];
  const errors = [];
  for (let run = 1; lhrs.length < runs && errors.length < runs; run++) {
    const lhr = await runLighthouse(url);
    if (lhr.runtimeError) {
      errors.push(lhr.runtimeError.message);
      console.error(`  run ${run}: Lighthouse could not measure the page (run again): ${lhr.runtimeError.message}`);
    } else {
      lhrs.push(lhr);
      const scores = CATEGORIES.map(({ id }) => Math.round((lhr.categories[id]?.score ?? 0) * 100)).join('/');
      console.log(`  run ${run}: ${scores}`);
    }
  }
  if (lhrs.length < runs) throw new Error(`Lighthouse could not measure ${url} ${runs} times: ${errors.at(-1)}`);
  const sorted = lhrs.toSorted((a, b) => performanceScore(a) - performanceScore(b));
  const lhr = sorted[Math.floor((sorted.length - 1) / 2)];
  const scores = {};
  const failing = {};
  for (const { id } of CATEGORIES) {
    const score = lhr.categories[id]?.score;
    scores[id] = typeof score === 'number' ? Math.round(score * 100) : null;
    if (scores[id] === null || scores[id] < 100) failing[id] = failingAudits(lhr, id);
  }
  const metric = (id) => lhr.audits[id]?.numericValue ?? null;
  const metrics = {
    cls: metric('cumulative-layout-shift'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    fcpMs: metric('first-contentful-paint'),
    speedIndexMs: metric('speed-index'),
    mainThreadMs: metric('mainthread-work-breakdown'),
    bootupMs: metric('bootup-time'),
  };
  if (metrics.cls === null || metrics.cls > CLS_TARGET) {
    const culprits = lhr.audits['layout-shifts'] ?? lhr.audits['layout-shift-elements'];
    failing.cls = [
      {
        id: 'cumulative-layout-shift',
        title: 'Cumulative Layout Shift',
        score: lhr.audits['cumulative-layout-shift']?.score ?? null,
        displayValue: lhr.audits['cumulative-layout-shift']?.displayValue,
      },
      ...(culprits && typeof culprits.score === 'number' && culprits.score < 1
        ? [
            {
              id: culprits.id,
              title: culprits.title,
              score: culprits.score,
              displayValue: culprits.displayValue,
              examples: examples(culprits),
            },
          ]
        : []),
    ];
  }
  const warnings = [...(lhr.runWarnings ?? []), ...errors.map((error) => `a run failed and was repeated: ${error}`)];
  const performanceRuns = lhrs.map((run) => Math.round(performanceScore(run) * 100));
  const benchmarkIndex = lhr.environment?.benchmarkIndex ?? null;
  const { lighthouseVersion } = lhr;
  const mainThreadRuns = lhrs.map((run) => Math.round(run.audits['mainthread-work-breakdown']?.numericValue ?? 0));
  // Where the main thread's time goes (script evaluation, style and layout, ...) and which scripts cost most.
  const mainThread = (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => ({
    group: item.groupLabel,
    ms: Math.round(item.duration),
  }));
  const scripts = (lhr.audits['bootup-time']?.details?.items ?? []).slice(0, 6).map((item) => ({
    url: /^https?:/.test(item.url) ? new URL(item.url).pathname : item.url,
    totalMs: Math.round(item.total),
    scriptingMs: Math.round(item.scripting),
  }));
  if (lhrDir) writeFileSync(join(lhrDir, `${name}.json`), JSON.stringify(lhr));
  return {
    name,
    url,
    lighthouseVersion,
    scores,
    metrics,
    failing,
    warnings,
    performanceRuns,
    mainThreadRuns,
    benchmarkIndex,
    mainThread,
    scripts,
  };
}

// ---- Click to content ------------------------------------------------------------------------------------------------

const CLICK_TARGET_MS = 300;
/** What Lighthouse's mobile preset applies when it throttles a real browser (its "devtools" figures). */
const MOBILE_THROTTLING = lighthouseThrottling.mobileSlow4G;

/**
 * The steps of the journey: the link to follow on the current page, and when the next page shows its content (run in
 * the page: the heading and the first entries are in the document).
 */
const CLICK_STEPS = [
  {
    name: 'home → gallery',
    link: (page) => page.getByRole('link', { name: 'View Gallery' }).first(),
    content: () => document.querySelectorAll('[data-testid="car-card"]').length > 0 && location.pathname === '/gallery',
  },
  {
    name: 'gallery → car',
    link: (page) => page.getByTestId('car-card').first(),
    content: () => /^\/cars\//.test(location.pathname) && Boolean(document.querySelector('h1')?.textContent?.trim()),
  },
  {
    name: 'car → leaderboard',
    link: (page) => page.getByRole('link', { name: 'Leaderboard', exact: true }).first(),
    content: () =>
      location.pathname === '/leaderboard' &&
      Boolean(document.querySelector('tbody tr, [data-testid="leaderboard-row"]')),
  },
];

/** Waits until no request has been in flight for `quietMs` (at most `maxMs`): what pointing at a link started is in. */
async function networkQuiet(page, inFlight, quietMs = 300, maxMs = 8_000) {
  const start = Date.now();
  let quietSince = Date.now();
  while (Date.now() - start < maxMs) {
    if (inFlight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await page.waitForTimeout(50);
  }
}

/** One pass along the journey in a fresh browser context; `dwell`: wait for the prefetch before clicking. */
async function clickJourney(browser, baseURL, dwell) {
  const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
  const page = await context.newPage();
  const inFlight = new Set();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE_THROTTLING.requestLatencyMs,
    downloadThroughput: (MOBILE_THROTTLING.downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (MOBILE_THROTTLING.uploadThroughputKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_THROTTLING.cpuSlowdownMultiplier });
  const figures = [];
  try {
    await page.goto(`${baseURL}/`, { waitUntil: 'load', timeout: 120_000 });
    // The app is up (hydrated, its prefetch code loaded) once the page is quiet.
    await networkQuiet(page, inFlight, 1_000, 30_000);
    for (const step of CLICK_STEPS) {
      const link = step.link(page);
      await link.waitFor({ state: 'visible', timeout: 60_000 });
      await link.scrollIntoViewIfNeeded();
      // Records the click's time and the frame after the content is in, in the page itself.
      await page.evaluate((content) => {
        const check = new Function(`return (${content})()`);
        window.__click = { at: 0, content: 0 };
        addEventListener('click', (event) => (window.__click.at = event.timeStamp), { capture: true, once: true });
        const poll = () => {
          if (window.__click.at && check()) {
            requestAnimationFrame(() => (window.__click.content = performance.now()));
            return;
          }
          requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      }, step.content.toString());
      await link.hover();
      if (dwell) await networkQuiet(page, inFlight);
      await link.click({ timeout: 60_000 });
      await page.waitForFunction(() => window.__click.content > 0, undefined, { timeout: 60_000 });
      const ms = await page.evaluate(() => window.__click.content - window.__click.at);
      figures.push({ step: step.name, ms: Math.round(ms) });
      await networkQuiet(page, inFlight);
    }
  } finally {
    await context.close();
  }
  return figures;
}

/** Click to content along the journey, clicking at once and after the prefetch; prints and returns the figures. */
async function clickToContent(baseURL) {
  const { chromium: playwrightChromium } = await import('playwright');
  const browser = await playwrightChromium.launch({ executablePath: chromePath, args: chromeFlags });
  try {
    const load = loadavg().map((value) => value.toFixed(2));
    const atOnce = await clickJourney(browser, baseURL, false);
    const afterHover = await clickJourney(browser, baseURL, true);
    console.log(
      `\nClick to content (ms; CPU ${MOBILE_THROTTLING.cpuSlowdownMultiplier}× slower, ` +
        `${MOBILE_THROTTLING.requestLatencyMs} ms latency; target < ${CLICK_TARGET_MS} ms per step; ` +
        `load average ${load.join(' ')} on ${availableParallelism()} cores)`,
    );
    console.log("| Step | Click at once | Click after the hover's prefetch |");
    console.log('| --- | ---: | ---: |');
    const steps = atOnce.map((figure, index) => ({
      step: figure.step,
      atOnceMs: figure.ms,
      afterHoverMs: afterHover[index]?.ms ?? null,
    }));
    const mark = (ms) => (ms === null ? '—' : `${ms}${ms < CLICK_TARGET_MS ? '' : ' ✗'}`);
    for (const s of steps) console.log(`| ${s.step} | ${mark(s.atOnceMs)} | ${mark(s.afterHoverMs)} |`);
    return { targetMs: CLICK_TARGET_MS, loadAverage: loadavg(), steps };
  } finally {
    await browser.close();
  }
}

// ---- Report ----------------------------------------------------------------------------------------------------------

function missedTargets(page) {
  const missed = CATEGORIES.filter(({ id }) => page.scores[id] === null || page.scores[id] < SCORE_TARGET).map(
    ({ id }) => id,
  );
  if (page.metrics.cls === null || page.metrics.cls > CLS_TARGET) missed.push('cls');
  if (page.metrics.tbtMs === null || page.metrics.tbtMs > TBT_TARGET_MS) missed.push('tbt');
  if (page.metrics.mainThreadMs === null || page.metrics.mainThreadMs > MAIN_THREAD_BUDGET_MS)
    missed.push('main-thread');
  return missed;
}

function printReport(pages) {
  const mark = (ok) => (ok ? '✓' : '✗');
  const ms = (value) => (value === null ? 'n/a' : `${(value / 1000).toFixed(1)} s`);
  const header = ['Page', ...CATEGORIES.map(({ label }) => label), 'CLS', 'LCP', 'TBT', 'Main thread', 'Host index'];
  const rows = pages.map((page) => [
    page.name,
    ...CATEGORIES.map(({ id }) => {
      const score = page.scores[id];
      return score === null ? 'n/a ✗' : `${score} ${mark(score >= SCORE_TARGET)}`;
    }),
    page.metrics.cls === null ? 'n/a ✗' : `${page.metrics.cls.toFixed(3)} ${mark(page.metrics.cls <= CLS_TARGET)}`,
    ms(page.metrics.lcpMs),
    page.metrics.tbtMs === null
      ? 'n/a ✗'
      : `${Math.round(page.metrics.tbtMs)} ms ${mark(page.metrics.tbtMs <= TBT_TARGET_MS)}`,
    page.metrics.mainThreadMs === null
      ? 'n/a ✗'
      : `${ms(page.metrics.mainThreadMs)} ${mark(page.metrics.mainThreadMs <= MAIN_THREAD_BUDGET_MS)}`,
    page.benchmarkIndex === null ? 'n/a' : String(Math.round(page.benchmarkIndex)),
  ]);
  const line = (cells) => `| ${cells.join(' | ')} |`;
  console.log(
    `\nTargets: each category ≥ ${SCORE_TARGET}, CLS ≤ ${CLS_TARGET}, TBT ≤ ${TBT_TARGET_MS} ms, main-thread work ≤ ` +
      `${MAIN_THREAD_BUDGET_MS / 1000} s (Lighthouse mobile preset; host index: Lighthouse's benchmark index)\n`,
  );
  console.log(line(header));
  console.log(line(header.map((_, i) => (i === 0 ? '---' : '---:'))));
  for (const row of rows) console.log(line(row));
  const spreads = pages
    .filter((page) => page.performanceRuns?.length > 1)
    .map((page) => `${page.name} ${page.performanceRuns.join('/')}`);
  if (spreads.length) console.log(`\nPerformance score of each run (the median run is shown): ${spreads.join(', ')}`);
  const threads = pages
    .filter((page) => page.mainThreadRuns?.length > 1)
    .map((page) => `${page.name} ${page.mainThreadRuns.map((value) => (value / 1000).toFixed(1)).join('/')}`);
  if (threads.length) console.log(`Main-thread work of each run (s): ${threads.join(', ')}`);
  // Lighthouse simulates a slow phone from the CPU time it observes: a busy machine lowers the performance score.
  const load = loadavg()[0];
  console.log(`Load average ${load.toFixed(1)} on ${availableParallelism()} cores at the end of the audit`);
  if (load > availableParallelism()) console.log('(the machine is busy: performance scores will be lower than usual)');

  const labels = Object.fromEntries([
    ...CATEGORIES.map(({ id, label }) => [id, label]),
    ['cls', 'CLS'],
    ['tbt', 'Total Blocking Time'],
    ['main-thread', 'Main-thread work'],
  ]);
  let anyMissed = false;
  for (const page of pages) {
    const missed = missedTargets(page);
    if (missed.length === 0) continue;
    if (!anyMissed) console.log('\nMissed targets and the audits failing in them (score < 0.9):');
    anyMissed = true;
    console.log(`\n${page.name} (${page.url})`);
    if (page.error) {
      console.log(`  not measured: ${page.error}`);
      continue;
    }
    for (const id of missed) {
      if (id === 'tbt' || id === 'main-thread') {
        const value = id === 'tbt' ? page.metrics.tbtMs : page.metrics.mainThreadMs;
        console.log(`  ${labels[id]} ${value === null ? 'n/a' : `${Math.round(value)} ms`}:`);
        console.log(`    by kind: ${page.mainThread.map((item) => `${item.group} ${item.ms} ms`).join(', ')}`);
        for (const script of page.scripts) {
          console.log(`    ${script.url}: ${script.totalMs} ms (${script.scriptingMs} ms running script)`);
        }
        continue;
      }
      const score = id === 'cls' ? page.metrics.cls?.toFixed(3) : page.scores[id];
      console.log(`  ${labels[id]} ${score ?? 'n/a'}:`);
      const audits = page.failing[id] ?? [];
      if (audits.length === 0) console.log('    (no single audit under 0.9)');
      for (const audit of audits) {
        const detail = [
          audit.score === null ? undefined : `score ${audit.score.toFixed(2)}`,
          audit.weight ? `weight ${audit.weight}` : undefined,
          audit.displayValue,
        ].filter(Boolean);
        console.log(`    - ${audit.title} [${audit.id}]${detail.length ? ` (${detail.join(', ')})` : ''}`);
        for (const example of audit.examples ?? []) console.log(`        ${example}`);
      }
    }
  }
  // Categories over target but not at 100: what keeps them from it, so a slip is named before it becomes a miss.
  for (const page of pages) {
    for (const { id } of CATEGORIES) {
      if (missedTargets(page).includes(id) || !page.failing?.[id]?.length) continue;
      const audits = page.failing[id].map((audit) => audit.id).join(', ');
      console.log(`\n${page.name}: ${labels[id]} ${page.scores[id]}, not 100 because of ${audits}`);
    }
  }
  for (const page of pages) {
    for (const warning of page.warnings) console.log(`\nLighthouse warning on ${page.name}: ${warning}`);
  }
  console.log(anyMissed ? '\nSome targets were missed.' : '\nEvery target met.');
  return anyMissed;
}

// ---- Main ------------------------------------------------------------------------------------------------------------

const args = parseArgs(process.argv.slice(2));
const workDir = mkdtempSync(join(tmpdir(), 'curbside-audit-'));
const dataDir = join(workDir, 'data');
mkdirSync(dataDir);
let server;

// Whatever happens, the server stops and the work directory (database, client copy) goes.
function cleanupSync() {
  killServerSync(server);
  rmSync(workDir, { recursive: true, force: true });
}
process.on('exit', cleanupSync);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, async () => {
    console.error(`\naudit-web: ${signal}, stopping the browser and the server`);
    await chrome?.kill().catch(() => {});
    await stopServer(server).catch(() => {});
    process.exit(2);
  });
}

let exitCode = 2;
try {
  ensureBuild(args.build);
  console.log('Starting the production server with the demo data...');
  server = await startAuditServer(dataDir, await snapshotClient(workDir));
  console.log(`Server ready at ${server.baseURL}`);
  const pagePaths = [
    ['home', '/'],
    ['gallery', '/gallery'],
    ['car', await carPagePath(server.baseURL)],
    ['leaderboard', '/leaderboard'],
  ].filter(([name]) => args.pages.length === 0 || args.pages.includes(name));
  const lhrDir = args.lhrDir && userPath(args.lhrDir);
  if (lhrDir) mkdirSync(lhrDir, { recursive: true });
  // The first requests after a start are slower (code paths not yet compiled, empty caches): keep them out of the runs.
  for (const [, path] of pagePaths) await fetch(`${server.baseURL}${path}`).then((r) => r.arrayBuffer());

  const pages = [];
  for (const [name, path] of args.clickOnly ? [] : pagePaths) {
    const url = `${server.baseURL}${path}`;
    console.log(`Lighthouse ${name}: ${path}`);
    try {
      pages.push(await audit(name, url, args.runs, lhrDir));
    } catch (error) {
      // A page Lighthouse cannot measure (it paints nothing, it crashes) misses every target; the others still run.
      let message = error instanceof Error ? error.message : String(error);
      if (!server.running()) message += `\nThe server has exited; its last output:\n${server.output()}`;
      console.error(`  ${message}`);
      const scores = Object.fromEntries(CATEGORIES.map(({ id }) => [id, null]));
      const metrics = { cls: null, lcpMs: null, tbtMs: null, fcpMs: null, speedIndexMs: null, mainThreadMs: null };
      pages.push({
        name,
        url,
        error: message,
        scores,
        metrics,
        failing: {},
        warnings: [],
        mainThread: [],
        scripts: [],
      });
    }
  }
  const missed = args.clickOnly ? false : printReport(pages);
  const clicks = await clickToContent(server.baseURL);
  const clicksMissed = clicks.steps.some((step) => step.afterHoverMs === null || step.afterHoverMs >= CLICK_TARGET_MS);
  if (args.json) {
    const file = userPath(args.json);
    const figures = args.clickOnly
      ? { date: new Date().toISOString(), clickToContent: clicks }
      : {
          date: new Date().toISOString(),
          lighthouseVersion: pages[0]?.lighthouseVersion,
          preset: 'mobile (Lighthouse default config)',
          chromePath,
          chromeFlags,
          targets: {
            categories: SCORE_TARGET,
            cls: CLS_TARGET,
            tbtMs: TBT_TARGET_MS,
            mainThreadMs: MAIN_THREAD_BUDGET_MS,
          },
          runsPerPage: args.runs,
          loadAverage: loadavg(),
          pages: pages.map((page) => ({ ...page, url: new URL(page.url).pathname, missed: missedTargets(page) })),
          clickToContent: clicks,
        };
    writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`Figures written to ${file}`);
  }
  exitCode = missed || clicksMissed ? 1 : 0;
} catch (error) {
  console.error(`\naudit-web: ${error instanceof Error ? error.message : error}`);
  exitCode = 2;
} finally {
  await stopServer(server).catch(() => {});
  cleanupSync();
}
process.exit(exitCode);
