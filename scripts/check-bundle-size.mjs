// The home page's download budget: what a first visit to / must fetch before it can render the page.
//   - JavaScript ≤ 130 KB gzip: the entry chunk, the home page's chunk, and every chunk they import statically (the
//     app's first download, which a signed-in visitor gets).
//   - A landing page sent as islands (client/src/islands/main.ts; ISLAND_PAGES in client/src/entry-server.tsx), as a
//     signed-out visitor gets it: JavaScript ≤ 60 KB gzip, the islands' script and every chunk it imports statically.
//   - CSS ≤ 25 KB gzip: the stylesheets those chunks carry.
//   - Fonts ≤ 75 KB: the font files those stylesheets name (woff2, compressed already: counted as they are), each a
//     separate download that the browser makes only for text drawn in it, and the one index.html preloads among them.
//   - The admin dashboard, the submission form and checkout (with Stripe) are not part of it: they load when visited.
//   - Each of those files (1 KB and up) has the .br and .gz copies the server sends instead (client/scripts/precompress.mjs).
//   - No landing page (home, gallery, a car, the leaderboard) downloads code that calls `new Function` (zod).
// Reads the Vite manifest of the production build (client/dist/.vite/manifest.json), so `npm run build` comes first.
// Prints the sizes either way; exits 1 when a budget is exceeded. Run by `npm test` after the build.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { PRECOMPRESS_MIN_BYTES } from '../client/scripts/precompress.mjs';

const KB = 1024;
export const BUDGETS = { homeJsGzip: 130 * KB, homeCssGzip: 25 * KB, homeFonts: 75 * KB, islandsJsGzip: 60 * KB };
/** The islands' script, as the manifest names it. */
const ISLANDS_ENTRY = 'src/islands/main.ts';
/** The landing pages sent as islands (as ISLAND_PAGES in client/src/entry-server.tsx says). */
const ISLAND_PAGES = ['/', '/gallery', '/leaderboard', '/cars/:slug'];
/** Pages that must stay out of the home page's download (their source files, as the manifest names them). */
const LOADED_ONLY_WHEN_VISITED = ['src/pages/AdminPage.tsx', 'src/pages/UploadPage.tsx', 'src/pages/CheckoutPage.tsx'];
const STRIPE = /node_modules\/@stripe\//;
/**
 * The pages people land on, whose download must not run code that probes for eval (zod's `new Function('')`, run when
 * its schemas are built): the content security policy refuses it and Chromium reports the violation (Lighthouse's
 * best practices), and building schemas costs a phone's main thread. Forms load zod when they are opened.
 */
const LANDING_PAGES = [
  'src/pages/HomePage.tsx',
  'src/pages/GalleryPage.tsx',
  'src/pages/CarDetailPage.tsx',
  'src/pages/LeaderboardPage.tsx',
];
// `new Function(...)` or, minified, `Function(...)`.
const EVAL_PROBE = /(?<![\w$.])Function\(/;

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'client', 'dist');
const manifestFile = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`No ${manifestFile}: run \`npm run build\` first.`);
  process.exit(1);
}
/** @type {Record<string, { file: string; src?: string; imports?: string[]; css?: string[]; isEntry?: boolean }>} */
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** The manifest keys of a chunk and everything it imports statically (what the browser fetches with it). */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

// The app's entry; the islands' script (src/islands/main.ts) is an entry too.
const entryKey = manifest['index.html'] ? 'index.html' : Object.keys(manifest).find((key) => manifest[key].isEntry);
const homeKey = 'src/pages/HomePage.tsx';
if (!entryKey || !manifest[homeKey]) {
  console.error(`The manifest has no ${entryKey ? homeKey : 'entry'}: has the home page moved?`);
  process.exit(1);
}
const homeChunks = staticClosure(homeKey, staticClosure(entryKey));
const jsFiles = [...new Set([...homeChunks].map((key) => manifest[key].file))];
const cssFiles = [...new Set([...homeChunks].flatMap((key) => manifest[key].css ?? []))];
const gzipped = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const sum = (files) => files.reduce((total, file) => total + gzipped(file), 0);
const js = sum(jsFiles);
const css = sum(cssFiles);
/** The font files the home page's stylesheets name (url(/assets/….woff2)), as paths in dist. */
const fontFiles = [
  ...new Set(
    cssFiles.flatMap((file) =>
      [...readFileSync(join(dist, file), 'utf8').matchAll(/url\(["']?\/(assets\/[^"')]+\.woff2)/g)].map((m) => m[1]),
    ),
  ),
];
const fonts = fontFiles.reduce((total, file) => total + statSync(join(dist, file)).size, 0);
const preloadedFont = readFileSync(join(dist, 'index.html'), 'utf8').match(
  /<link rel="preload" href="\/(assets\/[^"]+\.woff2)" as="font"/,
)?.[1];

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
console.log('Home page, first visit (gzip):');
for (const file of jsFiles.toSorted((a, b) => gzipped(b) - gzipped(a)))
  console.log(`  ${kb(gzipped(file)).padStart(9)}  ${file}`);
console.log(`  JavaScript ${kb(js)} of ${kb(BUDGETS.homeJsGzip)}; CSS ${kb(css)} of ${kb(BUDGETS.homeCssGzip)}`);
for (const file of fontFiles) console.log(`  ${kb(statSync(join(dist, file)).size).padStart(9)}  ${file}`);
console.log(`  Fonts ${kb(fonts)} of ${kb(BUDGETS.homeFonts)}; preloaded: ${preloadedFont ?? 'none'}`);

const problems = [];
if (manifest[ISLANDS_ENTRY]) {
  const islandsFiles = [...new Set([...staticClosure(ISLANDS_ENTRY)].map((key) => manifest[key].file))];
  const islandsJs = sum(islandsFiles);
  console.log(`Landing pages sent as islands (${ISLAND_PAGES.join(', ')}), first visit (gzip):`);
  for (const file of islandsFiles) console.log(`  ${kb(gzipped(file)).padStart(9)}  ${file}`);
  console.log(`  JavaScript ${kb(islandsJs)} of ${kb(BUDGETS.islandsJsGzip)}`);
  if (islandsJs > BUDGETS.islandsJsGzip)
    problems.push(`the islands' JavaScript is ${kb(islandsJs)}, over its ${kb(BUDGETS.islandsJsGzip)} budget`);
} else {
  problems.push(`the manifest has no ${ISLANDS_ENTRY}: has the islands' script moved?`);
}
if (js > BUDGETS.homeJsGzip) problems.push(`home JavaScript is ${kb(js)}, over its ${kb(BUDGETS.homeJsGzip)} budget`);
if (css > BUDGETS.homeCssGzip) problems.push(`home CSS is ${kb(css)}, over its ${kb(BUDGETS.homeCssGzip)} budget`);
if (fonts > BUDGETS.homeFonts) problems.push(`home fonts are ${kb(fonts)}, over their ${kb(BUDGETS.homeFonts)} budget`);
if (fontFiles.length === 0) problems.push('the home page names no font file: are the brand faces in its styles?');
if (!preloadedFont || !fontFiles.includes(preloadedFont))
  problems.push(`index.html preloads ${preloadedFont ?? 'no font'}, not one of the home page's fonts`);
for (const page of LOADED_ONLY_WHEN_VISITED) {
  if (homeChunks.has(page)) problems.push(`${page} is part of the home page's download`);
}
for (const key of homeChunks) {
  if (STRIPE.test(manifest[key].src ?? key)) problems.push(`Stripe (${key}) is part of the home page's download`);
}
for (const page of LANDING_PAGES) {
  if (!manifest[page]) {
    problems.push(`the manifest has no ${page}: has the page moved?`);
    continue;
  }
  for (const key of staticClosure(page, staticClosure(entryKey))) {
    const file = manifest[key].file;
    if (file.endsWith('.js') && EVAL_PROBE.test(readFileSync(join(dist, file), 'utf8'))) {
      problems.push(`${file}, part of ${page}'s download, calls Function() (zod's eval probe?)`);
    }
  }
}
for (const file of [...jsFiles, ...cssFiles]) {
  if (statSync(join(dist, file)).size < PRECOMPRESS_MIN_BYTES) continue;
  const missing = ['.br', '.gz'].filter((suffix) => !existsSync(join(dist, `${file}${suffix}`)));
  if (missing.length > 0)
    problems.push(`${file} has no ${missing.join(' or ')} copy: is precompress part of the build?`);
}
if (problems.length > 0) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exit(1);
}
console.log(
  '✓ within budget (fonts too, the headings face preloaded), served pre-compressed; admin, upload and checkout load only when visited; no eval probe on a landing page',
);
