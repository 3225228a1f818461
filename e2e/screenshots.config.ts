import { defineConfig } from '@playwright/test';
import e2e from './playwright.config';

// `npm run screenshots` (repository root): every page of the site at a phone's 390 px (2×), 1280 px and 1920 px, in
// the dark and the light scheme, saved as WebP in docs/screenshots/ with the gallery page docs/screenshots/README.md.
// Not part of `npm test`: the same production server on a fresh embedded database with the demo data as the e2e run
// (playwright.config.ts starts it), but its own tests (shots/) and one worker. About 20 minutes on a busy 2-core machine.

const WIDTHS = [
  { width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  { width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  { width: 1920, height: 1080, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
] as const;
const THEMES = ['dark', 'light'] as const;

/** What a project's shots are named by: docs/screenshots/<page>-<width>-<theme>.webp. */
export interface ShotsProject {
  width: number;
  theme: (typeof THEMES)[number];
}

export default defineConfig({
  ...e2e,
  testDir: './shots',
  testMatch: /\.shots\.ts$/,
  fullyParallel: false,
  // One browser at a time: the server renders, the browser paints, and a busy machine makes neither wait on the other.
  workers: 1,
  // A page that is slow once on a busy machine is simply taken again.
  retries: 1,
  reporter: [['list']],
  outputDir: 'test-results/screenshots',
  projects: [
    // Signs in the demo driver and admin, gives the driver an order and a cart with lines, writes the gallery page.
    { name: 'setup', testMatch: /setup\.shots\.ts$/ },
    ...WIDTHS.flatMap(({ width, height, deviceScaleFactor, isMobile, hasTouch }) =>
      THEMES.map((theme) => ({
        name: `${width}-${theme}`,
        testMatch: /pages\.shots\.ts$/,
        dependencies: ['setup'],
        metadata: { width, theme } satisfies ShotsProject,
        use: { viewport: { width, height }, deviceScaleFactor, isMobile, hasTouch, colorScheme: theme },
      })),
    ),
  ],
});
